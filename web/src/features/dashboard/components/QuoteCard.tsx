import { Blockquote, Text } from "@mantine/core";
import { DashboardCard } from "@/components/DashboardCard";
import { QuoteLines } from "@/components/QuoteLines";
import { useQuoteOfTheDay } from "../api/getQuoteOfTheDay";

/** The Daily Quote card: on failure it only logs and stops loading (SPEC section 8). */
export function QuoteCard() {
  const { data, isPending } = useQuoteOfTheDay();
  return (
    <DashboardCard title="Daily Quote" loading={isPending} reserve={88}>
      {data && (
        <Blockquote color="rose" p="md" radius="md" iconSize={0} style={{ fontStyle: "italic" }}>
          <QuoteLines text={data.quote} />
          <Text component="cite" display="block" mt="xs" size="sm" c="dimmed" fs="normal">
            {`— ${data.author}`}
          </Text>
        </Blockquote>
      )}
    </DashboardCard>
  );
}
