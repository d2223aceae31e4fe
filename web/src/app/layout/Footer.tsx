import { Container, Text } from "@mantine/core";
import { footerQuote } from "@spankbank/shared/quoteOfTheDay";
import { QuoteLines } from "@/components/QuoteLines";
import { useSession } from "@/features/session/useSession";
import classes from "./layout.module.css";

/** A love quote on every page, changing at the couple's midnight: never the dashboard's Daily Quote of the same day. */
export function Footer() {
  const { current } = useSession();
  const timeZone = current?.couple.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { quote, author } = footerQuote(new Date(), timeZone);
  return (
    <footer className={classes.footer}>
      <Container size="sm" py="lg">
        <figure style={{ margin: 0, textAlign: "center" }}>
          <blockquote className={classes.quote}>
            <Text inherit size="lg">
              <QuoteLines text={`“${quote}”`} />
            </Text>
          </blockquote>
          <Text component="figcaption" size="sm" mt={6}>
            {`— ${author}`}
          </Text>
        </figure>
      </Container>
    </footer>
  );
}
