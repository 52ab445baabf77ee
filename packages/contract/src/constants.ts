// Business constants of spec §9 and DOMAIN.md §0/§7.

export const PRODUCT_CODE = 'qcdesk';

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40] as const;
export const MAX_PAGE_SIZE = 100;
export const PAGINATION_JUMP_PAGES = 5;
/** Totals are exact up to this many rows, then shown as "10,000+" (ARCHITECTURE.md "Data"). */
export const SEARCH_TOTAL_CAP = 10_000;

export const TOAST_MS = 2000;
export const LOADING_HIDE_MS = 300;
export const AUTOCOMPLETE_CLOSE_MS = 300;
export const BACK_TO_TOP_PX = 200;
export const BACK_TO_TOP_MS = 500;
export const INFINITE_SCROLL_PX = 5;
export const LOAD_MORE_SPINNER_SIZE = 30;
export const INFINITE_SCROLL_SPINNER_SIZE = 24;
export const PULL_TO_REFRESH = { startPx: 5, ratio: 0.5, maxPx: 130, triggerPx: 68 } as const;

/** phone ≤ 414 < tablet < 768 ≤ pc */
export const BREAKPOINTS = { phoneMax: 414, pcMin: 768 } as const;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
export const DATE_PICKER_YEARS = 100;
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/** 6–21 characters, not all digits, not all letters, specials only from !@#$%^&*? (spec §5). */
export const PASSWORD_PATTERN = /^(?![0-9]+$)(?![A-Za-z]+$)[0-9A-Za-z!@#$%^&*?]{6,21}$/;

export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp'] as const;
export const UPLOAD_EXTENSIONS = [...DOCUMENT_EXTENSIONS, ...IMAGE_EXTENSIONS] as const;

export const CURRENCIES = ['RMB', 'USD', 'HKD'] as const;

export const REMEMBER_ME_DAYS = 7;

/** Sign-in by e-mail code and account verification (issue 3): 6 digits, 10 minutes, 5 tries. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_MINUTES = 10;
export const EMAIL_CODE_TRIES = 5;

/** DOMAIN.md §2.1: username `[A-Za-z0-9._@-]{3,50}`, immutable; phone and mobile `[0-9+() -]`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]{3,50}$/;
export const PHONE_PATTERN = /^[0-9+() -]*$/;
export const SIGNED_URL_SECONDS = 600;
export const STS_REUSE_MARGIN_SECONDS = 60;
export const IMAGE_ZIP_LEVEL = 1;

/** Envelope (PROTOCOL.md). */
export const REPLAY_WINDOW_SECONDS = 300;
export const ENVELOPE_CODES = { invalidEncrypted: 4001, staleOrReplayed: 4002 } as const;
export const CLIENT_CODE_WEB = 'qcdesk-web';
export const CLIENT_CODE_CLI = 'qcdesk-cli';

/** Session check codes of spec §8. */
export const SESSION_CODES = { mustChangePassword: -1001, mustVerify: -1002, locked: 500 } as const;
