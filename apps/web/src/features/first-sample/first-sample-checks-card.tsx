import { FS_CHECK_RESULT } from '@qcdesk/contract/first-sample';
import type { Language } from '@qcdesk/contract/messages';
import { Button, Card, Flex, Input, Radio, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { notify } from '../../components/notify';
import { PhotoGallery } from '../../components/photo-gallery';
import { PhotoUpload } from '../../components/photo-upload';
import { subheading } from '../../components/record/record-card';
import { enumOptions, refName } from '../../components/ref-labels';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage } from '../../i18n/i18n';
import { type FirstSampleCheck, type FirstSampleDetail, useCompleteCheck, useUpdateCheckItems } from './api';
import { CheckTag } from './first-sample-columns';

interface Draft {
  checkResult: number;
  remark: string;
  photos: FirstSampleCheck['photos'];
}

const draftOf = (c: FirstSampleCheck): Draft => ({
  checkResult: c.checkResult,
  remark: c.remark ?? '',
  photos: c.photos,
});

/** A check item's method and criterion in the reader's language: English where there is one. */
export function checkItemTexts(item: FirstSampleCheck['checkItem'], language: Language) {
  const en = language === 'en';
  return {
    method: (en ? item.methodEn : null) || item.method,
    criterion: (en ? item.criterionEn : null) || item.criterion,
  };
}

/** A thumb's height for each result segment (≥ 44 px), sharing the row on a phone. */
const SEGMENT: CSSProperties = { flex: 1, minHeight: 44, lineHeight: '42px', textAlign: 'center' };

/** NG, when chosen, in the danger colour: it must not look like OK. */
const segmentStyle = (value: number, chosen: number): CSSProperties =>
  value === FS_CHECK_RESULT.ng && chosen === value
    ? { ...SEGMENT, background: '#ff4d4f', borderColor: '#ff4d4f', color: '#fff' }
    : SEGMENT;

const FOOT: CSSProperties = { marginTop: 16, paddingTop: 12, borderTop: '1px solid rgba(5,5,5,0.06)' };

/** A check item's name, method and criterion. */
export function CheckItemHeading({ check, language }: { check: FirstSampleCheck; language: Language }) {
  const { t } = useTranslation();
  // The English text where the master data has one (issue 25), else the Chinese one.
  const { method, criterion } = checkItemTexts(check.checkItem, language);
  const facts = [
    method ? `${t('first-sample.method')}: ${method}` : null,
    criterion ? `${t('first-sample.criterion')}: ${criterion}` : null,
  ].filter(Boolean);
  return (
    <Flex vertical>
      <Typography.Text strong>{refName(check.checkItem, language)}</Typography.Text>
      {facts.length > 0 ? <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text> : null}
    </Flex>
  );
}

/**
 * The check items of a first sample (DOMAIN.md §4.8): while it is registered the checker records each
 * item's result, remark and photos, saves them (`checkitem/update`) and completes the check
 * (`check/update`); otherwise the card shows what was recorded. The card is keyed by the sample's
 * version, so a save starts it afresh from the server's answer.
 */
export function CheckItemsCard({ sample, editable }: { sample: FirstSampleDetail; editable: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const [drafts, setDrafts] = useState(() => sample.checkItems.map(draftOf));
  // Results, remarks and photos not saved yet: leaving the page asks first (use-leave-guard).
  const guard = useLeaveGuard();
  const dirty = guard.dirty;
  const save = useUpdateCheckItems();
  const complete = useCompleteCheck();
  const results = enumOptions('FsCheckResult', language);
  const change = (index: number, patch: Partial<Draft>) => {
    setDrafts((list) => list.map((d, i) => (i === index ? { ...d, ...patch } : d)));
    guard.change();
  };
  const saveAll = () =>
    save.mutate(
      {
        id: sample.id,
        version: sample.version,
        items: sample.checkItems.map((c, i) => ({
          checkItemId: c.checkItem.id,
          checkResult: drafts[i]!.checkResult,
          remark: drafts[i]!.remark,
          photoFileIds: drafts[i]!.photos.map((p) => p.id),
        })),
      },
      // The card stays changed until the saved sample's new version replaces it (the card is keyed by
      // it, and its guard goes with it): Complete, sent with the version read, waits for that.
      { onSuccess: () => notify('success', t('first-sample.checksSaved')) },
    );
  const completeAll = async () => {
    if (!(await confirm({ title: t('first-sample.completeConfirm', { sampleNo: sample.sampleNo }) }))) return;
    complete.mutate(
      { id: sample.id, version: sample.version },
      { onSuccess: () => notify('success', t('first-sample.checkDone')) },
    );
  };
  const unchecked = drafts.filter((d) => d.checkResult === FS_CHECK_RESULT.unchecked).length;
  return (
    <Card
      title={<h2 style={subheading}>{t('first-sample.checkItems')}</h2>}
      data-testid="first-sample-checks"
    >
      {holder}
      <Flex vertical gap={16}>
        {sample.checkItems.map((check, index) => {
          const draft = drafts[index]!;
          return (
            <Flex
              key={check.checkItem.id}
              vertical
              gap={8}
              data-testid={`check-item-${check.checkItem.code}`}
              style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', paddingBottom: 12 }}
            >
              <Flex justify="space-between" align="start" gap={8} wrap>
                <CheckItemHeading check={check} language={language} />
                {editable ? null : <CheckTag result={check.checkResult} language={language} />}
              </Flex>
              {editable ? (
                <>
                  <Radio.Group
                    optionType="button"
                    aria-label={t('first-sample.checkResult')}
                    style={{ display: 'flex' }}
                    options={results.map((o) => ({
                      label: o.label,
                      value: Number(o.value),
                      style: segmentStyle(Number(o.value), draft.checkResult),
                    }))}
                    value={draft.checkResult}
                    onChange={(e) => change(index, { checkResult: Number(e.target.value) })}
                  />
                  <Input
                    aria-label={t('first-sample.remark')}
                    placeholder={t('first-sample.remark')}
                    value={draft.remark}
                    maxLength={500}
                    onChange={(e) => change(index, { remark: e.target.value })}
                  />
                  <PhotoUpload value={draft.photos} onChange={(photos) => change(index, { photos })} />
                </>
              ) : (
                <>
                  {check.remark ? <Typography.Text>{check.remark}</Typography.Text> : null}
                  {check.photos.length > 0 ? <PhotoGallery photos={check.photos} /> : null}
                </>
              )}
            </Flex>
          );
        })}
      </Flex>
      {editable ? (
        // At the foot of the list, where the checker ends up (issue 25): not at the top of a long list.
        <div style={FOOT}>
          <Flex gap={8} wrap justify="end">
            <Button
              onClick={saveAll}
              loading={save.isPending}
              disabled={!dirty}
              data-testid="first-sample-save-checks"
            >
              {t('first-sample.saveChecks')}
            </Button>
            <Button
              type="primary"
              onClick={() => void completeAll()}
              loading={complete.isPending}
              disabled={dirty || unchecked > 0}
              title={dirty ? t('first-sample.unsaved') : undefined}
              data-testid="first-sample-complete-check"
            >
              {t('first-sample.completeCheck')}
            </Button>
          </Flex>
        </div>
      ) : null}
    </Card>
  );
}
