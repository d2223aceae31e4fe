import "react-toastify/dist/ReactToastify.css";
import "./toast.css";
import { TOAST_AUTO_CLOSE_MS } from "@spankbank/shared/limits";
import { Bounce, type Id, ToastContainer, toast as toastify } from "react-toastify";

/**
 * The app's one toast, as SPEC sections 4 and 9 say: top-right, 5000 ms, pause on hover and on
 * focus loss, a close button, drag to dismiss past 80%, width 300 to 560 px (toast.css), statuses
 * info, warning, success, error and loading. react-toastify does all of it by configuration
 * (DESIGN section 6); Mantine's notifications cannot drag to dismiss.
 */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      closeButton
      draggable
      draggablePercent={80}
      newestOnTop
      transition={Bounce}
      theme="light"
    />
  );
}

/** Every feature calls these, never react-toastify directly. */
export const toast = {
  info: (message: string): Id => toastify.info(message),
  warning: (message: string): Id => toastify.warning(message),
  success: (message: string): Id => toastify.success(message),
  error: (message: string): Id => toastify.error(message),
  /** A toast that stays until `settle` turns it into a success or an error. */
  loading: (message: string): Id => toastify.loading(message),
  settle: (id: Id, status: "success" | "error", message: string): void => {
    toastify.update(id, {
      render: message,
      type: status,
      isLoading: false,
      autoClose: TOAST_AUTO_CLOSE_MS,
      closeButton: true,
      draggable: true,
    });
  },
  dismissAll: (): void => toastify.dismiss(),
};
