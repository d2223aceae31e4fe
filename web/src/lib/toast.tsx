import { lazy, Suspense, useSyncExternalStore } from "react";
import type { Id, toast as Toastify } from "react-toastify";

/** How long a toast stays before it closes itself. */
export const TOAST_AUTO_CLOSE_MS = 5000;

/**
 * The app's one toast, as SPEC sections 4 and 9 say (the container's settings: toastContainer.tsx),
 * statuses info, warning, success, error and loading. react-toastify does all of it by
 * configuration (DESIGN section 6); Mantine's notifications cannot drag to dismiss.
 * The library loads with the first toast; calls made before it is ready wait, in order.
 */
const ToastContainerLoaded = lazy(() => import("./toastContainer"));

let toastify: typeof Toastify | undefined;
let waiting: Array<(library: typeof Toastify) => void> = [];
let requested = false;
const listeners = new Set<() => void>();
let lastId = 0;

function withToastify(run: (library: typeof Toastify) => void): void {
  if (toastify) {
    run(toastify);
    return;
  }
  waiting.push(run);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

function ready(library: typeof Toastify): void {
  toastify = library;
  const queued = waiting;
  waiting = [];
  for (const run of queued) run(library);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mounts the container once a toast has been asked for. */
export function Toasts() {
  // None in the build's prerender of / and /signin (the server snapshot); the first toast asked for mounts it.
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainerLoaded onReady={ready} />
    </Suspense>
  );
}

type Status = "info" | "warning" | "success" | "error" | "loading";

/** Our own id, so a toast can be settled before the library has loaded. */
function show(status: Status, message: string): Id {
  lastId += 1;
  const toastId = `toast-${lastId}`;
  withToastify((library) => library[status](message, { toastId }));
  return toastId;
}

/** Every feature calls these, never react-toastify directly. */
export const toast = {
  info: (message: string): Id => show("info", message),
  warning: (message: string): Id => show("warning", message),
  success: (message: string): Id => show("success", message),
  error: (message: string): Id => show("error", message),
  /** A toast that stays until `settle` turns it into a success or an error. */
  loading: (message: string): Id => show("loading", message),
  settle: (id: Id, status: "success" | "error", message: string): void => {
    withToastify((library) =>
      library.update(id, {
        render: message,
        type: status,
        isLoading: false,
        autoClose: TOAST_AUTO_CLOSE_MS,
        closeButton: true,
        draggable: true,
      }),
    );
  },
  /** Nothing to dismiss before the first toast. */
  dismissAll: (): void => {
    if (requested) withToastify((library) => library.dismiss());
  },
};
