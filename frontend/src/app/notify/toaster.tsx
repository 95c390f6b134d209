import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  InfoCircleFilled,
} from '@ant-design/icons';
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import {
  TOAST_HOTKEY,
  TOAST_SWIPE_THRESHOLD_PX,
  toastStore,
  type Toast,
  type ToastVariant,
} from './toast-store';
import './toaster.css';

/** Movement before a press counts as a swipe (so a click on the close button stays a click). */
const SWIPE_SLOP_PX = 6;

const ICONS: Record<ToastVariant, typeof CheckCircleFilled> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  destructive: CloseCircleFilled,
};

/**
 * Counts down `durationMs` while the toast is neither hovered nor focused (as people read or
 * reach for the close button), then dismisses it.
 */
function useAutoDismiss(toast: Toast, paused: boolean): void {
  const remaining = useRef(toast.durationMs);
  useEffect(() => {
    remaining.current = toast.durationMs;
  }, [toast.durationMs, toast.title, toast.description]);
  useEffect(() => {
    if (paused || !toast.open) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => toastStore.dismiss(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt));
    };
  }, [paused, toast.id, toast.open, toast.durationMs, toast.title, toast.description]);
}

function ToastItem({ toast }: { toast: Toast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pressed, setPressed] = useState(false);
  const [offset, setOffset] = useState(0);
  const drag = useRef<{ pointerId: number; startX: number; swiping: boolean } | null>(null);
  useAutoDismiss(toast, hovered || focused || pressed);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX, swiping: false };
    setPressed(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const dx = event.clientX - current.startX;
    if (!current.swiping && dx > SWIPE_SLOP_PX) {
      current.swiping = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    // Only rightwards: the spec's swipe direction.
    if (current.swiping) setOffset(Math.max(0, dx));
  };
  const endSwipe = (event: ReactPointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setPressed(false);
    const dx = event.clientX - current.startX;
    if (current.swiping && dx >= TOAST_SWIPE_THRESHOLD_PX) {
      toastStore.dismiss(toast.id);
    } else {
      setOffset(0);
    }
  };

  const Icon = ICONS[toast.variant];
  const swiping = offset > 0;
  return (
    <div
      className={`toast toast--${toast.variant}${swiping ? ' toast--swiping' : ''}`}
      role={toast.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      data-testid="toast"
      style={
        swiping
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 240) }
          : undefined
      }
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endSwipe}
      onPointerCancel={endSwipe}
    >
      <Icon className="toast__icon" aria-hidden="true" />
      <div className="toast__body">
        <div className="toast__title">{toast.title}</div>
        {toast.description && <div className="toast__description">{toast.description}</div>}
      </div>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => toastStore.dismiss(toast.id)}
      >
        <CloseOutlined aria-hidden="true" />
      </button>
    </div>
  );
}

const NO_TOASTS: readonly Toast[] = [];
const noToasts = () => NO_TOASTS;

/**
 * The notifications region: mounted once, shows the current toast. F8 moves focus to it (spec
 * hotkey); Escape inside it dismisses the toast.
 */
export function Toaster() {
  // Prerendered HTML (app/prerender) holds no toast; hydration starts from the same.
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, noToasts);
  const viewport = useRef<HTMLDivElement>(null);
  const visible = toasts.filter((toast) => toast.open);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return;
      event.preventDefault();
      viewport.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section className="toast-region" aria-label={`Notifications (${TOAST_HOTKEY})`}>
      <div
        ref={viewport}
        className={`toast-viewport${visible.length > 0 ? ' toast-viewport--active' : ''}`}
        tabIndex={-1}
        aria-live="polite"
        data-testid="toast-viewport"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && visible.length > 0) toastStore.dismiss();
        }}
      >
        {visible.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </div>
    </section>
  );
}
