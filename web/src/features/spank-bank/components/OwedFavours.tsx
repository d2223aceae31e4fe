import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useOwed } from "../api/getOwed";

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The seller's side of a redemption: what the partner redeemed and is still waiting for. */
export function OwedFavours({ partnerName }: { partnerName: string }) {
  const owed = useOwed();
  if (owed.isPending || owed.isError) return null;
  const { owed: favours, escrowTotal } = owed.data;
  return (
    <Paper withBorder radius="lg" p="lg" mb="xl" bg="rose.0" aria-labelledby="owed-heading">
      {favours.length === 0 ? (
        <>
          <Title order={3} size="h4" id="owed-heading" mb={4}>
            Favours you owe
          </Title>
          <Text>{`${partnerName} is not waiting for anything right now.`}</Text>
        </>
      ) : (
        <>
          <Group justify="space-between" align="baseline" mb="sm" gap="xs">
            <Title order={3} size="h4" id="owed-heading">
              {`${partnerName} is waiting for:`}
            </Title>
            <Text size="sm" c="rose.9" fw={600}>
              {`${escrowTotal} spanks in escrow until ${partnerName} confirms`}
            </Text>
          </Group>
          <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {favours.map((favour) => (
              <li key={favour.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {favour.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {"Redeemed "}
                      <time dateTime={favour.redeemed_at}>{when(favour.redeemed_at)}</time>
                    </Text>
                  </div>
                  <Badge variant="white" color="rose" size="lg" tt="none" style={{ flexShrink: 0 }}>
                    {`${favour.price} Spanks`}
                  </Badge>
                </Group>
              </li>
            ))}
          </Stack>
        </>
      )}
    </Paper>
  );
}
