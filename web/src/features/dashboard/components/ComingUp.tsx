import { SimpleGrid } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./comingUp.module.css";

/** The dashboard's row of what is coming (the next visit, a letter waiting), side by side on a wide screen. */
export function ComingUp({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mb="lg" className={classes.comingUp}>
      {children}
    </SimpleGrid>
  );
}
