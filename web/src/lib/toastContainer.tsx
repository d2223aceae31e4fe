import "react-toastify/dist/ReactToastify.css";
import "./toast.css";
import { useEffect } from "react";
import { Bounce, ToastContainer, toast } from "react-toastify";
import { TOAST_AUTO_CLOSE_MS } from "./toast";

/**
 * The app's one toast container, as SPEC sections 4 and 9 say: top-right, 5000 ms, pause on hover
 * and on focus loss, a close button, drag to dismiss past 80%, width 300 to 560 px (toast.css).
 * Loaded with the first toast (toast.tsx), so react-toastify stays out of the first load.
 */
export default function ToastContainerLoaded({ onReady }: { onReady: (toastify: typeof toast) => void }) {
  // Runs after the container's own effects: it is registered, so toasts and updates reach it.
  useEffect(() => onReady(toast), [onReady]);
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
