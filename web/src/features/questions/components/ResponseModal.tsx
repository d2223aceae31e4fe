import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import type { Question } from "@spankbank/shared/contract/questions";
import { RESPONSE_MAX } from "@spankbank/shared/limits";
import { DraftNotice } from "@/components/DraftNotice";
import { useDraft } from "@/lib/draft";
import { cutTo } from "@/lib/textLimit";
import { toast } from "@/lib/toast";
import { answerDraft, useAnswerQuestion } from "../api/answerQuestion";
import { isAnswerOf, type Partner } from "../slots";

/** The question being answered, the answer given so far, and the guess field while a guess can still be written. */
export interface Answering {
  question: Question;
  initial: string;
  /** The `created_at` of the answer shown (null: none yet): the version the words are written over. */
  basedOn: string | null;
  /** The answering partner's name in a question's responses: their answer in the reply is found by it. */
  responseName: string;
  /** Null once the partner's answer is in view: a guess can't be written after seeing it. */
  guess: { partner: Partner; initial: string } | null;
}

/** 'Add a Response' (SPEC) for a new answer; 'Edit your response' for one already given (it replaces it). */
export function ResponseModal({
  answering,
  onClose,
  onClosed,
}: {
  answering: Answering | null;
  onClose: () => void;
  /** After the closing transition, when focus can be placed again. */
  onClosed?: () => void;
}) {
  const question = answering?.question ?? null;
  const editing = (answering?.initial ?? "") !== "";
  return (
    <Modal
      opened={question !== null}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={editing ? "Edit your response" : "Add a Response"}
      centered
      radius="lg"
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {answering && <ResponseForm key={answering.question.question_id} answering={answering} onClose={onClose} />}
    </Modal>
  );
}

function ResponseForm({ answering, onClose }: { answering: Answering; onClose: () => void }) {
  const { question, initial } = answering;
  const saved = { response: initial, guess: answering.guess?.initial ?? "" };
  // Until it is sent, what is typed is kept on this device: closed by a stray tap outside, or the
  // page reloaded, the answer is there when the question is opened again.
  // The version is the answer's own: the guess field going away (the partner's answer came into
  // view) is no change to the answer.
  const draft = useDraft(answerDraft(question.question_id), saved, answering.basedOn ?? "none");
  const { response, guess } = draft.value;
  const setResponse = (next: string) => draft.set({ ...draft.value, response: next });
  const setGuess = (next: string) => draft.set({ ...draft.value, guess: next });
  const answer = useAnswerQuestion();
  const submit = () => {
    const sent = draft.value;
    answer.mutate(
      {
        questionId: question.question_id,
        response,
        guess: answering.guess && guess.trim() ? guess : undefined,
        basedOn: answering.basedOn,
      },
      {
        onSuccess: (responses) => {
          toast.success("Response submitted successfully!");
          const mine = responses.find((given) => isAnswerOf(given, answering.responseName));
          // Words typed while it was on its way stay in the open form, over the answer just saved.
          if (draft.saved(sent, mine?.created_at ?? "none")) onClose();
        },
        onError: () => toast.error("Failed to submit response. Please try again."),
      },
    );
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <Text fw={600}>{question.question}</Text>
        <Textarea
          label="Your response"
          rows={5}
          maxLength={RESPONSE_MAX}
          value={response}
          onChange={(event) => setResponse(cutTo(event.currentTarget.value, RESPONSE_MAX))}
          description={`${response.length}/${RESPONSE_MAX}`}
          inputWrapperOrder={["label", "input", "description"]}
          data-autofocus
        />
        {answering.guess && (
          <Textarea
            label={`Your guess of ${answering.guess.partner.displayName}'s answer (optional)`}
            rows={2}
            maxLength={RESPONSE_MAX}
            value={guess}
            onChange={(event) => setGuess(cutTo(event.currentTarget.value, RESPONSE_MAX))}
            description={`${answering.guess.partner.displayName} sees it once you've both answered.`}
            inputWrapperOrder={["label", "input", "description"]}
          />
        )}
        <DraftNotice
          draft={draft}
          mt={0}
          sentElsewhere="Your answer was changed on another device since you wrote these words here. Saving replaces it with these."
          showSent="Show the saved one instead"
        />
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              draft.forget();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" loading={answer.isPending} disabled={response.trim() === ""}>
            {initial === "" ? "Add Response" : "Save Response"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
