import { HeartIcon } from "@/components/HeartIcon";
import { heartBandOf } from "../heartBand";
import classes from "./story.module.css";

/** The heart score toggle: the heart always wears its band's colour; pressing it shows the number. */
export function HeartScore({ score, shown, onToggle }: { score: number; shown: boolean; onToggle: () => void }) {
  const band = heartBandOf(score);
  return (
    <button
      type="button"
      className={classes.heart}
      aria-pressed={shown}
      aria-label={shown ? `Heart score ${score}` : "Heart score"}
      onClick={onToggle}
      data-band={band.name}
      style={{ color: band.color }}
    >
      <HeartIcon size={22} />
      {shown && <span>{score}</span>}
    </button>
  );
}
