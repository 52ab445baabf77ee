import { listScreenshots } from './list-screenshots';

// Issue 12: the administration lists at 375, 768 and 1280 in both languages.
listScreenshots(['user', 'user?tab=groups', 'config/system', 'config/mailbox', 'config/mailerror']);
