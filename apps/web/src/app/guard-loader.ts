import { type LoaderFunction, redirect } from 'react-router';
import { decideNavigation } from '../api/guard';
import { loadSession } from '../api/session';
import { notify } from '../components/notify';
import { isLanguage, preferredLanguage } from '../i18n/language';

/**
 * The route guard of spec §2 as a loader: it runs before the route renders, on every navigation
 * to the route (and again when its params or query change), so a refused page never flashes.
 */
export function guardLoader(routeName: string): LoaderFunction {
  return async ({ request, params }) => {
    const url = new URL(request.url);
    // A path without its language (`/login`, `/foo`) is sent on by the language route first.
    if (!isLanguage(params.language)) return null;
    const language = params.language;
    const outcome = await loadSession();
    const decision = decideNavigation(outcome, routeName, {
      language,
      fullPath: `${url.pathname}${url.search}`,
    });
    if (decision.kind === 'redirect') {
      if (decision.message) notify('error', decision.message);
      throw redirect(decision.to);
    }
    return null;
  };
}

/**
 * Every route starts with its language (spec §2). A path without one (`/login`, `/help`, `/foo`)
 * gets the preferred language in front, so unknown paths end on `/{language}/*`, the not-found page.
 */
export const languageLoader: LoaderFunction = ({ request, params }) => {
  if (isLanguage(params.language)) return null;
  const url = new URL(request.url);
  throw redirect(`/${preferredLanguage()}${url.pathname}${url.search}${url.hash}`);
};
