import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { OwedFavour } from "@spankbank/shared/contract/owed";
import { spanks, spanksPrice } from "@spankbank/shared/spanks";
import { useState } from "react";
import { YourTime } from "@/components/YourTime";
import { useMyClock } from "@/lib/favourTime";
import { useOwed } from "../api/getOwed";
import { DeclineFavourModal } from "./DeclineFavourModal";

/** The seller's side of a redemption: what the partner redeemed and is still waiting for. */
export function OwedFavours({ partnerName }: { partnerName: string }) {
  const owed = useOwed();
  const { timeZone } = useMyClock();
  const [declining, setDeclining] = useState<OwedFavour | undefined>();
  // Once read, a failed re-read keeps the list and an open Decline with its reason.
  if (owed.data === undefined) return null;
  const { owed: favours, escrowTotal } = owed.data;
  return (
    <Paper withBorder radius="lg" p="lg" mb="xl" bg="var(--app-tint)" aria-labelledby="owed-heading">
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
            <Text size="sm" c="rose" fw={600}>
              {`${spanks(escrowTotal)} in escrow until ${partnerName} confirms`}
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
                      <YourTime at={favour.redeemed_at} timeZone={timeZone} />
                    </Text>
                    {favour.wished_at && (
                      <Text size="sm" fw={600}>
                        {"Wished for "}
                        <YourTime at={favour.wished_at} timeZone={timeZone} />
                      </Text>
                    )}
                    {favour.note && (
                      <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
                        {`“${favour.note}”`}
                      </Text>
                    )}
                  </div>
                  <Stack gap={6} align="flex-end" style={{ flexShrink: 0 }}>
                    <Badge variant="white" color="rose" size="lg" tt="none">
                      {spanksPrice(favour.price)}
                    </Badge>
                    <Button
                      size="compact-sm"
                      variant="default"
                      radius="xl"
                      onClick={() => setDeclining(favour)}
                      aria-label={`Decline ${favour.name}`}
                    >
                      Decline
                    </Button>
                  </Stack>
                </Group>
              </li>
            ))}
          </Stack>
        </>
      )}
      <DeclineFavourModal favour={declining} partnerName={partnerName} onClose={() => setDeclining(undefined)} />
    </Paper>
  );
}
