import { Group, Paper } from "@mantine/core";
import { HeartIcon } from "./HeartIcon";
import { AnchorLink } from "./links";
import classes from "./noticeLink.module.css";

/** Line drawings (no emoji font needed): an envelope for a letter, a calendar for the visit. */
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
};

/** One warm line at the top of the dashboard that leads to its page: the next visit, a letter waiting. */
export function NoticeLink({
  to,
  icon,
  text,
}: {
  to: "/together" | "/letters";
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
        <AnchorLink to={to} fw={700} fz="lg" c="rose.9" className={classes.link}>
          {text}
        </AnchorLink>
      </Group>
    </Paper>
  );
}
