import { Badge, Button, Stack, Text } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { signedInNow } from "@/features/session/api/keys";
import { type StorySaving, useSaveStoryProgress, useStoryProgress } from "../api/storyProgress";
import { useStoryGame } from "../engine/useStoryGame";
import { fillNames, type StoryNames } from "../names";
import type { StoryScene } from "../scenes/types";
import { HeartScore } from "./HeartScore";
import { SceneBackdrop } from "./SceneBackdrop";
import classes from "./story.module.css";
import { TimeOfDayBadge } from "./TimeOfDayBadge";

interface TrappedGameProps {
  story: readonly StoryScene[];
  names: StoryNames;
  /** Whose adventure this is: each partner keeps their own progress. */
  username: string;
}

/** The story game: one scene at a time over its painted background, played by click or keyboard. */
export function TrappedGame({ story, names, username }: TrappedGameProps) {
  const saved = useStoryProgress();
  const queryClient = useQueryClient();
  const { mutate } = useSaveStoryProgress();
  // Who made the choice, known when it is made: a save still queued when the partners switch is not sent.
  const save = useCallback(
    (saving: StorySaving) => mutate({ ...saving, player: signedInNow(queryClient) }),
    [mutate, queryClient],
  );
  const { state, scene, view, moving, choose } = useStoryGame(story, username, {
    // Only a read of the server on this visit: the copy kept from an earlier visit may be older than this browser's.
    progress: saved.isFetchedAfterMount && !saved.isError ? saved.data?.progress : undefined,
    updatedAt: saved.data?.updated_at,
    save,
  });
  const [scoreShown, setScoreShown] = useLocalStorage({ key: "trapped-game:score-shown", defaultValue: false });
  const sceneRef = useRef<HTMLElement>(null);
  const arrivedAt = useRef(state.scene);

  // Focus follows the story to each new scene (not on the first visit: the page keeps its place).
  useEffect(() => {
    if (arrivedAt.current === state.scene) return;
    arrivedAt.current = state.scene;
    sceneRef.current?.focus();
  }, [state.scene]);

  return (
    <Stack gap="md">
      <section className={classes.stage} aria-label="The story">
        <SceneBackdrop background={scene.background} timeOfDay={scene.timeOfDay} />
        <div className={classes.topBar}>
          <TimeOfDayBadge timeOfDay={scene.timeOfDay} />
          <HeartScore score={state.score} shown={scoreShown} onToggle={() => setScoreShown((shown) => !shown)} />
        </div>
        <div className={classes.paper} data-moving={moving}>
          <article ref={sceneRef} className={classes.scene} tabIndex={-1} aria-label={`Scene ${state.scene}`}>
            {scene.ending && (
              <Badge color="rose" variant="light" size="lg" mb="sm">
                The end
              </Badge>
            )}
            <p className={classes.text}>{fillNames(view.text, names)}</p>
            {view.recalls.length > 0 && (
              <ul className={classes.recalls} aria-label="What you did together">
                {view.recalls.map((line) => (
                  <li key={line}>{fillNames(line, names)}</li>
                ))}
              </ul>
            )}
            <blockquote className={classes.message}>
              <p>“{fillNames(view.partnerMessage, names)}”</p>
              <footer>— {names.partner}</footer>
            </blockquote>
            <Stack gap="xs">
              {view.choices.map(({ choice, index }) => (
                <Button
                  key={choice.text}
                  className={classes.choice}
                  variant={choice.restart ? "filled" : "light"}
                  size="md"
                  radius="md"
                  fullWidth
                  onClick={() => choose(index)}
                >
                  {fillNames(choice.text, names)}
                </Button>
              ))}
            </Stack>
          </article>
        </div>
      </section>
      <div className={classes.footer}>
        <Text fw={600}>Scene {state.scene}</Text>
        <Text aria-hidden="true">·</Text>
        <Text>{state.history.length} choices made</Text>
      </div>
    </Stack>
  );
}
