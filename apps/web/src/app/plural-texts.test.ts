import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { loadTexts } from './texts';

// English counts "once" and "2 times" through i18next plurals; Chinese has one form for every count.
async function translator(language: 'zh' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    resources: { [language]: { translation: await loadTexts(language) } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('material test texts', () => {
  it('counts pushes and uploads in words in English', async () => {
    const t = await translator('en');
    expect(t('material-test.pushedValue', { at: '2026-05-01 10:00', count: 1 })).toBe(
      '2026-05-01 10:00 (sent once)',
    );
    expect(t('material-test.pushedValue', { at: '2026-05-01 10:00', count: 3 })).toBe(
      '2026-05-01 10:00 (sent 3 times)',
    );
    expect(t('material-test.uploading', { count: 1 })).toBe('Uploading 1 file…');
    expect(t('material-test.uploading', { count: 2 })).toBe('Uploading 2 files…');
  });

  it('uses the one Chinese form for every count', async () => {
    const t = await translator('zh');
    expect(t('material-test.pushedValue', { at: '2026-05-01 10:00', count: 1 })).toBe(
      '2026-05-01 10:00（已推送1次）',
    );
    expect(t('material-test.pushedValue', { at: '2026-05-01 10:00', count: 2 })).toBe(
      '2026-05-01 10:00（已推送2次）',
    );
  });
});
