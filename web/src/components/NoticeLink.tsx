import { Group, Paper } from "@mantine/core";
import { HeartIcon } from "./HeartIcon";
import { AnchorLink } from "./links";
import classes from "./noticeLink.module.css";

/** Line drawings (no emoji font needed): an envelope for a letter, a calendar for the visit, a flame for the streak, a target for guesses. */
const DRAWINGS = {
  letter: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  visit: (
    <>
      <rect x="4" y="5" width="16" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M4 11h16" />
    </>
  ),
  guess: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  streak: <path d="M12 3c1 3.5 5 5.5 5 10a5 5 0 0 1-10 0c0-2.5 1.5-4 2.5-5 .2 1.8 1 2.8 2 3.2C11 8.5 11 6 12 3Z" />,
};

/** One warm line at the top of the dashboard that leads to its page: the next visit, a letter waiting. */
export function NoticeLink({
  to,
  icon,
  text,
}: {
  to: "/together" | "/letters" | "/allquestions";
  icon: keyof typeof DRAWINGS | "together";
  text: string;
}) {
  return (
    <Paper withBorder radius="lg" px="lg" py="md" className={classes.notice}>
      <Group gap="md" wrap="nowrap">
        <span className={classes.icon} aria-hidden="true">
          {icon === "together" ? (
            <HeartIcon size={24} />
          ) : (
            <svg
              width={24}
              height={24}
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              {DRAWINGS[icon]}
            </svg>
          )}
        </span>
        <AnchorLink to={to} fw={700} fz="lg" c="rose" className={classes.link}>
          {text}
        </AnchorLink>
      </Group>
    </Paper>
  );
}
