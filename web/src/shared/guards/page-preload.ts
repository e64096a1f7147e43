/**
 * Starts downloading the code of the page a path leads to before the router navigates there: the
 * sign-in asks for it while the token and the user are still being read, so the main layout and the
 * area's screens are not fetched only after them (issue 18: sign-in to the home page). The router
 * registers how (it owns the lazy modules); until it does, or for a path it does not know, nothing
 * happens. `null`: only what every signed-in page needs (the main layout).
 */
type Preloader = (path: string | null) => void;

let preloader: Preloader | undefined;

export function setPagePreloader(load: Preloader): void {
  preloader = load;
}

export function preloadPage(path: string | null): void {
  preloader?.(path);
}
