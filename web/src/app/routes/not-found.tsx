import { ErrorPage } from './route-error';

/** Unknown routes (000 §2): 'This page could not be found' with a link to the home page. */
export function NotFoundRoute() {
  return <ErrorPage status={404} titleKey="notFound" hintKey="notFoundHint" />;
}
