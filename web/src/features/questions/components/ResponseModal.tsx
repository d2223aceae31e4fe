import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import type { Question } from "@spankbank/shared/contract/questions";
import { RESPONSE_MAX } from "@spankbank/shared/limits";
import { useState } from "react";
import { toast } from "@/lib/toast";
import { useAnswerQuestion } from "../api/answerQuestion";

/** 'Add a Response' (SPEC) for a new answer; 'Edit your response' for one already given (it replaces it). */
export function ResponseModal({
  question,
  initial,
  onClose,
  onClosed,
}: {
  question: Question | null;
  initial: string;
  onClose: () => void;
  /** After the closing transition, when focus can be placed again. */
  onClosed?: () => void;
}) {
  const editing = initial !== "";
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
      {question && <ResponseForm key={question.question_id} question={question} initial={initial} onClose={onClose} />}
    </Modal>
  );
}

function ResponseForm({ question, initial, onClose }: { question: Question; initial: string; onClose: () => void }) {
  const [response, setResponse] = useState(initial);
  const answer = useAnswerQuestion();
  const submit = () =>
    answer.mutate(
      { questionId: question.question_id, response },
      {
        onSuccess: () => {
          toast.success("Response submitted successfully!");
          onClose();
        },
        onError: () => toast.error("Failed to submit response. Please try again."),
      },
    );
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
          onChange={(event) => setResponse(event.currentTarget.value.slice(0, RESPONSE_MAX))}
          description={`${response.length}/${RESPONSE_MAX}`}
          inputWrapperOrder={["label", "input", "description"]}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
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
