import { Container, Text } from "@mantine/core";
import { quoteOfTheDay } from "@spankbank/shared/quoteOfTheDay";
import { useSession } from "@/features/session/useSession";
import classes from "./layout.module.css";

/** The love quote of the day, on every page; signed in, it is the same as the dashboard's. */
export function Footer() {
  const { current } = useSession();
  const timeZone = current?.couple.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { quote, author } = quoteOfTheDay(new Date(), timeZone);
  return (
    <footer className={classes.footer}>
      <Container size="sm" py="lg">
        <figure style={{ margin: 0, textAlign: "center" }}>
          <blockquote className={classes.quote}>
            <Text inherit size="lg">{`“${quote}”`}</Text>
          </blockquote>
          <Text component="figcaption" size="sm" mt={6}>
            {`— ${author}`}
          </Text>
        </figure>
      </Container>
    </footer>
  );
}
