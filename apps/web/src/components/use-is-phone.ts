/** Whether the window is phone-sized (spec §9: phone up to 414 px), following resizes. */
import { BREAKPOINTS } from '@qcdesk/contract/constants';
import { useMediaQuery } from './use-media-query';

export const PHONE_QUERY = `(max-width: ${BREAKPOINTS.phoneMax}px)`;

export const useIsPhone = (): boolean => useMediaQuery(PHONE_QUERY);
