import { Button, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { BOUNTY_REWARD_MAX, BOUNTY_TITLE_MAX } from "@spankbank/shared/limits";
import { type FormEvent, useState } from "react";
import { refusalOf } from "@/components/ModalForm";
import { useChangeBounty } from "../api/changeBounty";

/** A task for the partner with a reward, held from your spanks as soon as it is posted. */
export function PostBountyForm({ partnerName }: { partnerName: string }) {
  const post = useChangeBounty();
  const [title, setTitle] = useState("");
  const [reward, setReward] = useState<number | string>(10);
  const [due, setDue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    post.mutate(
      { action: "post", body: { title, reward: Number(reward), due_date: due === "" ? null : due } },
      {
        onSuccess: () => {
          setTitle("");
          setDue("");
        },
        onError: (failure) => setError(refusalOf(failure, "Failed to post. Please try again.")),
      },
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
          <NumberInput
            label="Reward (spanks)"
            min={1}
            max={BOUNTY_REWARD_MAX}
            allowDecimal={false}
            value={reward}
            onChange={setReward}
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
