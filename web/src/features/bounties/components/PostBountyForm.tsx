import { Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { BOUNTY_REWARD_MAX, BOUNTY_TITLE_MAX } from "@spankbank/shared/limits";
import { type FormEvent, useRef, useState } from "react";
import { refusalOf } from "@/components/ModalForm";
import { newWrite } from "@/lib/api";
import { type NumberRule, numberInputMode, readNumber } from "@/lib/numberField";
import { useSingleFlight } from "@/lib/useSingleFlight";
import { closeIfWrittenAlready } from "@/lib/writtenAlready";
import { useChangeBounty } from "../api/changeBounty";

const REWARD: NumberRule = {
  label: "Reward",
  min: 1,
  max: BOUNTY_REWARD_MAX,
  whole: true,
  of: "of spanks",
  empty: "required",
};

/** A task for the partner with a reward, held from your spanks as soon as it is posted. */
export function PostBountyForm({ partnerName }: { partnerName: string }) {
  const post = useChangeBounty();
  const [title, setTitle] = useState("");
  const [reward, setReward] = useState("10");
  // The reward's refusal shows from the first Post and follows the field as it is fixed.
  const [checked, setChecked] = useState(false);
  const read = readNumber(reward, REWARD);
  const rewardField = useRef<HTMLInputElement>(null);
  const [due, setDue] = useState("");
  const [error, setError] = useState<string | null>(null);
  // One write until it is posted: a partner who saw an error (the answer lost, the bounty posted and
  // its reward in escrow), fixed the task or the reward and posted again means the same bounty.
  const [write, setWrite] = useState(newWrite);
  const clear = () => {
    setTitle("");
    setDue("");
    setChecked(false);
    setWrite(newWrite());
  };
  const once = useSingleFlight();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setChecked(true);
    if (read.value === null) {
      // Back to the field to fix, as its message says.
      rewardField.current?.focus();
      return;
    }
    const body = { title, reward: read.value, due_date: due === "" ? null : due };
    once((settled) =>
      post.mutate(
        { action: "post", body, write },
        {
          onSuccess: clear,
          // Posted already: the form clears, and the list shows the bounty as it was posted.
          onError: (failure) =>
            closeIfWrittenAlready(failure, clear) || setError(refusalOf(failure, "Failed to post. Please try again.")),
          onSettled: settled,
        },
      ),
    );
  };
  return (
    <Paper withBorder radius="lg" p="lg" mb="xl" component="form" onSubmit={submit} aria-labelledby="post-bounty">
      <Title order={3} size="h4" id="post-bounty" mb="sm">
        {`Post a bounty for ${partnerName}`}
      </Title>
      <Stack gap="sm">
        <TextInput
          label="Task"
          placeholder="Send me a voice note of our song"
          value={title}
          maxLength={BOUNTY_TITLE_MAX}
          onChange={(event) => setTitle(event.currentTarget.value)}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            ref={rewardField}
            label="Reward (spanks)"
            inputMode={numberInputMode(REWARD)}
            value={reward}
            onChange={(event) => setReward(event.currentTarget.value)}
            error={checked ? read.error : null}
            required
          />
          <TextInput label="Due (optional)" type="date" value={due} onChange={(e) => setDue(e.currentTarget.value)} />
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {`The reward leaves your spanks now and waits in escrow: ${partnerName} gets it when you approve, you get it back if nobody claims it or it passes its due day.`}
        </Text>
        {error && (
          <Text c="red" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={post.isPending}>
          Post bounty
        </Button>
      </Stack>
    </Paper>
  );
}
