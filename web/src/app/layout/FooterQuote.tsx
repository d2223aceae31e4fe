import { Container, Text } from "@mantine/core";
import { footerQuote } from "@spankbank/shared/quoteOfTheDay";
import { QuoteLines } from "@/components/QuoteLines";
import { useSession } from "@/features/session/useSession";
import classes from "./layout.module.css";

/** The footer's love quote of the day, changing at the couple's midnight. */
export function FooterQuote() {
  const { current } = useSession();
  const timeZone = current?.couple.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const { quote, author } = footerQuote(new Date(), timeZone);
  return (
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
  );
}
