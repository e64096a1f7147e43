import type { ProctoringSettings } from '@sabaq/events';
import { displaysPass } from '../model/requirements';
import {
  ExtensionTraces,
  URL_ATTRIBUTES,
  extensionOrigins,
  isExtensionAddress,
  originsInElement,
} from './extension-traces';
import { Condition, toleranceOf, type ConditionReport } from './condition';

/** How often the page's state is looked at: edges (blur, offline) are kept as flags between looks. */
export const CHECK_TICK_MS = 500;

export interface ClientSignal {
  action_type: string;
  description?: string;
  /** Clipboard use is no violation of the vocabulary: it goes to the attempt's activities instead. */
  activity?: boolean;
  /** The warning text to show when it differs from the action's own (speech is posted as `noise`). */
  warning?: string;
  /** A phase of a lasting condition (condition.ts), with its own time; absent for a moment's action. */
  condition?: ConditionReport;
}

/**
 * The browser-side checks of a proctored attempt (specification 001 §8's warnings and violations the
 * browser itself can see): focus lost (blur, hidden tab) and its return, fullscreen lost, a second
 * monitor, the connection, browser extensions' traces in the page (extension-traces.ts); clipboard use
 * (copy, cut, paste) as activities. Each condition must last the settings' tolerance and is reported
 * as begin, heartbeats and end (condition.ts); `emit` gets the action to post. Returns a stop function,
 * which ends the conditions still open.
 */
export function startClientChecks(
  settings: ProctoringSettings,
  emit: (signal: ClientSignal) => void,
): () => void {
  const focusTolerance = toleranceOf(settings.focus_tolerance);
  const focus = new Condition(focusTolerance);
  const fullscreen = new Condition(focusTolerance);
  const monitor = new Condition(focusTolerance);
  const offline = new Condition(focusTolerance);
  let blurred = false;
  let wasOffline = false;
  let focusDescription = 'window blurred';
  const report = (type: string, reports: ConditionReport[], description?: string) => {
    for (const condition of reports)
      emit({ action_type: type, condition, ...(description ? { description } : {}) });
  };

  const onBlur = () => {
    blurred = true;
  };
  const onFocus = () => {
    blurred = false;
  };
  const onClipboard = (event: ClipboardEvent) => {
    if (!settings.focus_detector) return;
    emit({ action_type: `clipboard_${event.type}`, activity: true });
  };
  window.addEventListener('blur', onBlur);
  window.addEventListener('focus', onFocus);
  document.addEventListener('copy', onClipboard);
  document.addEventListener('paste', onClipboard);
  document.addEventListener('cut', onClipboard);

  const tick = () => {
    const now = Date.now();
    if (settings.focus_detector) {
      // Focus inside a frame of the page (an external assignment's work) is still on the exam: the
      // window's blur fired, but the document keeps the focus through its child frame.
      const inOwnFrame = document.activeElement instanceof HTMLIFrameElement && document.hasFocus();
      const away = (blurred && !inOwnFrame) || document.visibilityState === 'hidden';
      if (away) focusDescription = document.visibilityState === 'hidden' ? 'tab hidden' : 'window blurred';
      const phases = focus.update(away, now);
      report('focus_lost', phases, focusDescription);
      if (phases.some((p) => p.phase === 'end')) emit({ action_type: 'focus_returned' });
    }
    if (settings.fullscreen_mode)
      report('fullscreen_lost', fullscreen.update(!document.fullscreenElement, now));
    if (settings.displays_check)
      report('second_monitor', monitor.update(!displaysPass(screenIsExtended()), now));
    const isOffline = !navigator.onLine;
    // Posted through the queue, so it reaches the server once the connection is back.
    report('internet_lost', offline.update(isOffline, now));
    if (wasOffline && !isOffline) emit({ action_type: 'connection_restored' });
    wasOffline = isOffline;
  };
  const timer = setInterval(tick, CHECK_TICK_MS);
  const stopExtensions = settings.extension_detector ? watchExtensions(emit) : () => undefined;

  return () => {
    clearInterval(timer);
    // The exam is over: what was still going on ends now, not at the last heartbeat.
    const now = Date.now();
    report('focus_lost', focus.close(now), focusDescription);
    report('fullscreen_lost', fullscreen.close(now));
    report('second_monitor', monitor.close(now));
    report('internet_lost', offline.close(now));
    stopExtensions();
    window.removeEventListener('blur', onBlur);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('copy', onClipboard);
    document.removeEventListener('paste', onClipboard);
    document.removeEventListener('cut', onClipboard);
  };
}

/** `window.screen.isExtended` where the browser has it (Chromium); undefined elsewhere. */
export function screenIsExtended(): boolean | undefined {
  return (window.screen as Screen & { isExtended?: boolean }).isExtended;
}

/**
 * An extension working on the exam page is a prohibited program in the vocabulary's terms
 * (`prohibited_process`, a warning), reported once per extension with its origin. Watched from the
 * start: what is already in the page, elements and addresses added or changed later, and resources
 * the page loaded from an extension's address.
 */
function watchExtensions(emit: (signal: ClientSignal) => void): () => void {
  const traces = new ExtensionTraces();
  const report = (origins: Iterable<string>) => {
    for (const origin of traces.fresh(origins))
      emit({
        action_type: 'prohibited_process',
        description: `browser extension ${origin}`,
        warning: 'extension',
      });
  };
  report(originsInElement(document.documentElement));
  const observer = new MutationObserver((records) => {
    const origins: string[] = [];
    for (const record of records) {
      if (record.type === 'attributes' && record.target instanceof Element)
        origins.push(...extensionOrigins(record.target.getAttribute(record.attributeName ?? '')));
      for (const node of record.addedNodes)
        if (node instanceof Element) origins.push(...originsInElement(node));
    }
    if (origins.length > 0) report(origins);
  });
  observer.observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: [...URL_ATTRIBUTES],
  });
  let resources: PerformanceObserver | undefined;
  try {
    resources = new PerformanceObserver((list) => {
      const origins = list
        .getEntries()
        .map((entry) => entry.name)
        .filter(isExtensionAddress)
        .flatMap((name) => extensionOrigins(name));
      if (origins.length > 0) report(origins);
    });
    resources.observe({ type: 'resource', buffered: true });
  } catch {
    // Without resource timing the DOM traces still count.
  }
  return () => {
    observer.disconnect();
    resources?.disconnect();
  };
}
