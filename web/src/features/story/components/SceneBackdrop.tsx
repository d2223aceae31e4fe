import type { ReactNode } from "react";
import type { BackgroundStyle, TimeOfDay } from "../scenes/types";
import classes from "./story.module.css";

/** Each place as a simple silhouette over the sky (drawn here: no images to fetch). */
const places: Record<BackgroundStyle, ReactNode> = {
  cabin: (
    <>
      <path d="M0 130 Q100 105 200 120 T400 112 V160 H0Z" />
      <path d="M150 128 V92 L195 62 L240 92 V128Z" />
      <rect x="222" y="62" width="10" height="22" />
      <path d="M40 130 L58 80 L76 130Z M70 128 L86 88 L102 128Z M300 126 L320 72 L340 126Z M336 124 L352 86 L368 124Z" />
    </>
  ),
  forest: (
    <path d="M0 160 V128 L20 70 L40 128 L55 60 L75 126 L92 82 L110 128 L130 50 L152 126 L170 78 L190 130 L212 56 L236 128 L252 86 L270 128 L292 48 L316 126 L334 76 L354 130 L374 64 L400 128 V160Z" />
  ),
  lake: (
    <>
      <path d="M0 112 L70 60 L120 96 L190 40 L260 100 L320 66 L400 108 V118 H0Z" />
      <path d="M0 118 H400 V160 H0Z" opacity="0.55" />
      <path d="M60 132 H130 M220 140 H300 M120 150 H180" stroke="currentColor" strokeWidth="2" opacity="0.4" />
    </>
  ),
  cave: <path d="M0 0 H400 V160 H290 Q285 70 200 60 Q115 70 110 160 H0Z" />,
  lighthouse: (
    <>
      <path d="M0 120 Q80 110 150 124 L210 160 H0Z" />
      <path d="M96 118 L102 52 H118 L124 118Z" />
      <rect x="98" y="40" width="24" height="12" />
      <path d="M122 44 L400 14 V78Z" opacity="0.18" />
      <path d="M0 148 Q100 140 200 150 T400 146 V160 H0Z" opacity="0.5" />
    </>
  ),
  library: (
    <>
      <path d="M0 0 H400 V160 H0Z M150 20 H250 V100 H150Z" fillRule="evenodd" opacity="0.75" />
      <path
        d="M20 40 H120 M20 80 H120 M20 120 H120 M280 40 H380 M280 80 H380 M280 120 H380"
        stroke="currentColor"
        strokeWidth="4"
      />
      <path
        d="M30 40 V22 M44 40 V26 M58 40 V20 M86 80 V62 M100 80 V60 M300 80 V64 M318 80 V58 M350 120 V100 M40 120 V102"
        stroke="currentColor"
        strokeWidth="8"
      />
    </>
  ),
  garden: (
    <>
      <path d="M0 160 V124 Q30 104 60 124 Q90 100 120 124 V160Z M280 160 V120 Q310 100 340 120 Q370 102 400 122 V160Z" />
      <path d="M160 160 V100 Q200 50 240 100 V160 H228 V104 Q200 68 172 104 V160Z" />
      <path d="M0 150 H400 V160 H0Z" />
      <circle cx="40" cy="112" r="5" opacity="0.6" />
      <circle cx="96" cy="110" r="5" opacity="0.6" />
      <circle cx="320" cy="108" r="5" opacity="0.6" />
    </>
  ),
  rooftop: (
    <path d="M0 160 V96 H40 V70 H80 V104 H110 V50 H150 V90 H190 V110 H230 V62 H260 V40 H290 V98 H330 V76 H370 V106 H400 V160Z" />
  ),
  train: (
    <>
      <path d="M30 96 Q30 80 46 80 H354 Q370 80 370 96 V138 H30Z" />
      <path
        d="M56 92 H100 V114 H56Z M124 92 H168 V114 H124Z M192 92 H236 V114 H192Z M260 92 H304 V114 H260Z"
        fill="#ffe8a3"
        opacity="0.85"
      />
      <path d="M0 146 H400 V152 H0Z" />
      <circle cx="90" cy="142" r="8" />
      <circle cx="310" cy="142" r="8" />
    </>
  ),
  beach: (
    <>
      <path d="M0 112 H400 V160 H0Z" opacity="0.45" />
      <path d="M0 140 Q120 124 240 136 T400 130 V160 H0Z" />
      <path d="M318 136 Q326 96 312 64" stroke="currentColor" strokeWidth="6" fill="none" />
      <path d="M312 64 Q290 56 274 70 Q294 62 312 66 Q330 52 350 58 Q330 60 312 66 Q300 80 294 96 Q306 78 312 66Z" />
    </>
  ),
  village: (
    <path d="M0 160 V120 L30 96 L60 120 V108 L92 82 L124 108 V118 H150 V70 L166 40 L182 70 V118 H200 L232 92 L264 118 V104 L296 80 L328 104 V122 L364 98 L400 122 V160Z" />
  ),
  attic: (
    <>
      <path d="M0 0 H400 V160 H0Z M200 24 L20 160 H380Z" fillRule="evenodd" />
      <circle cx="200" cy="92" r="22" fill="none" stroke="currentColor" strokeWidth="6" />
      <path d="M200 70 V114 M178 92 H222" stroke="currentColor" strokeWidth="3" />
    </>
  ),
};

/** The painted scene behind the story: the sky of the time of day, and the place's silhouette. */
export function SceneBackdrop({ background, timeOfDay }: { background: BackgroundStyle; timeOfDay: TimeOfDay }) {
  return (
    <div className={classes.backdrop} data-time={timeOfDay} data-place={background} aria-hidden="true">
      <div className={classes.sky} />
      <svg
        className={classes.place}
        viewBox="0 0 400 160"
        preserveAspectRatio="xMidYMax slice"
        focusable="false"
        aria-hidden="true"
      >
        <g fill="currentColor">{places[background]}</g>
      </svg>
    </div>
  );
}
