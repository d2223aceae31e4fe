import { Outlet } from "@tanstack/react-router";
import { DemoBanner } from "./DemoBanner";
import { Footer } from "./Footer";
import { Header } from "./Header";
import classes from "./layout.module.css";
import { OfflineLine } from "./OfflineLine";
import { ScrollRestoredWithData } from "./ScrollRestoredWithData";

/** The shell around every page: header, the page itself, the footer quote. */
export function AppLayout() {
  return (
    <div className={classes.shell}>
      <Header />
      <main className={classes.main}>
        <OfflineLine />
        <DemoBanner />
        <Outlet />
      </main>
      <ScrollRestoredWithData />
      <Footer />
    </div>
  );
}
