import { Paper, Stack, Text, Title } from "@mantine/core";
import { YourTime } from "@/components/YourTime";
import { useMyClock } from "@/lib/favourTime";
import { useDisplayName } from "@/lib/useDisplayName";
import { useExpiredFavours } from "../api/getExpiredFavours";
import { expiredFavourText } from "../expiredText";

/**
 * The favours that expired unused lately, one line each with when: the buyer's in Redeemed
 * ("bought"), the seller's under what is owed ("sold"). Nothing while there are none.
 */
export function ExpiredFavours({ me, side }: { me: string; side: "bought" | "sold" }) {
  const { data } = useExpiredFavours();
  const displayName = useDisplayName();
  const { timeZone } = useMyClock();
  const mine = data?.expired.filter((favour) => (side === "bought" ? favour.buyer : favour.seller) === me) ?? [];
  if (mine.length === 0) return null;
  const headingId = `expired-${side}`;
  return (
    <Paper withBorder radius="lg" p="md" mb="lg" bg="var(--app-quiet)" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb={6}>
        Expired unused
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {mine.map((favour) => (
          <li key={favour.id}>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {expiredFavourText(favour, me, displayName)}
            </Text>
            <Text size="xs" c="dimmed">
              <YourTime at={favour.expired_at} timeZone={timeZone} />
            </Text>
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
