import type { TimeOfDay } from "../scenes/types";
import classes from "./story.module.css";

const icons: Record<TimeOfDay, string> = {
  night: "☾",
  morning: "☀",
  afternoon: "☀",
  late_afternoon: "☀",
  golden: "✶",
  golden_hour: "✶",
  sunset: "◒",
  evening: "☾",
};

/** The time-of-day indicator: the scene's time of day as words ("golden_hour" reads "Golden hour"). */
export function TimeOfDayBadge({ timeOfDay }: { timeOfDay: TimeOfDay }) {
  const words = timeOfDay.replace("_", " ");
  return (
    <span className={classes.chip} data-time={timeOfDay}>
      <span aria-hidden="true">{icons[timeOfDay]}</span>
      <span>
        <span className={classes.hiddenLabel}>Time of day: </span>
        {words.charAt(0).toUpperCase() + words.slice(1)}
      </span>
    </span>
  );
}
