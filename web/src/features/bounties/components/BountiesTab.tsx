import { Stack, Text } from "@mantine/core";
import type { SessionReply } from "@spankbank/shared/contract/auth";
import { displayNameOf, partnerOf } from "@/lib/partner";
import { useBounties } from "../api/getBounties";
import { BountyCard } from "./BountyCard";
import { PostBountyForm } from "./PostBountyForm";

/** The Spank Bank's Bounties tab: post a task for your partner, and the bounties of you both. */
export function BountiesTab({ signedIn }: { signedIn: SessionReply }) {
  const bounties = useBounties();
  const partnerName = partnerOf(signedIn).displayName;
  const nameOf = (username: string) => displayNameOf(signedIn.couple, username);
  return (
    <>
      <PostBountyForm partnerName={partnerName} />
      {/* A failed re-read keeps the bounties, and any form open on one: only a first read that failed says so. */}
      {bounties.isLoadingError ? (
        <Text c="red" role="alert">
          Could not load the bounties. Please reload.
        </Text>
      ) : bounties.data?.bounties.length === 0 ? (
        <Text>No bounties yet: post one above.</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label="Bounties" style={{ listStyle: "none", margin: 0, padding: 0 }}>
          {bounties.data?.bounties.map((bounty) => (
            <BountyCard key={bounty.id} bounty={bounty} me={signedIn.user.username} nameOf={nameOf} />
          ))}
        </Stack>
      )}
    </>
  );
}
