import { SearchOutlined } from '@ant-design/icons';
import {
  HOME_SEARCH_LIMIT,
  HOME_SEARCH_MIN_LENGTH,
  HOME_SEARCH_SOURCES,
  type HomeSearchGroup,
  type HomeSearchHit,
} from '@qcdesk/contract/home-search';
import { ROUTES } from '@qcdesk/contract/roles';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { currentLanguage } from '../../i18n/i18n';
import { parentListRoute, routeDef, routeHref } from '../../lib/route-handle';
import { readStoredSearch, storeSearch, useHomeSearch } from './api';
import {
  groupsForMode,
  highlight,
  hitPath,
  isSearchMode,
  SEARCH_MODES,
  type SearchMode,
} from './home-search-model';

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

interface SearchValues {
  term: string;
  mode: SearchMode;
}

/** What each mode finds (spec §2 "Home search"); keys written out so the i18n scan sees them. */
function modeLabel(mode: SearchMode, t: TFunction): string {
  switch (mode) {
    case 'all':
      return t('home-search.modeAll');
    case 'order':
      return t('home-search.modeOrder');
    case 'productionSample':
      return t('home-search.modeProductionSample');
    case 'orderProduct':
      return t('home-search.modeOrderProduct');
    case 'client':
      return t('home-search.modeClient');
    case 'countryStandard':
      return t('home-search.modeCountryStandard');
    case 'testItem':
      return t('home-search.modeTestItem');
    case 'material':
      return t('home-search.modeMaterial');
    case 'originalSample':
      return t('home-search.modeOriginalSample');
  }
}

function Marked({ text, term }: { text: string; term: string }) {
  return (
    <>
      {highlight(text, term).map((part, index) =>
        part.match ? (
          // `color: inherit`: the browser paints a mark black, which would hide that it is part of a link.
          <mark
            key={index}
            style={{ padding: 0, color: 'inherit', background: 'var(--ant-color-warning-bg)' }}
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

function ResultGroup({ group, term }: { group: HomeSearchGroup; term: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const source = HOME_SEARCH_SOURCES[group.source];
  const opens = session ? routePermitted(session, source.route) : false;
  const def = routeDef(source.route);
  const list = def ? parentListRoute(def) : undefined;
  const listOpens = list && session ? routePermitted(session, list.name) : false;

  const title = (hit: HomeSearchHit): ReactNode => {
    const path = opens ? hitPath(group.source, hit, language, ROUTES) : null;
    const text = <Marked text={hit.title} term={term} />;
    return path ? <Link to={path}>{text}</Link> : text;
  };

  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <h2 style={{ fontSize: 15, fontWeight: 600, margin: 0 }}>{source.label[language]}</h2>
          <Tag>{group.more ? `${HOME_SEARCH_LIMIT}+` : group.hits.length}</Tag>
        </Flex>
      }
      style={{ height: '100%' }}
      data-testid={`home-search-group-${group.source}`}
    >
      {group.hits.length === 0 ? (
        <Typography.Text type="secondary">{t('home-search.groupEmpty')}</Typography.Text>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {group.hits.map((hit) => (
            <li key={`${hit.id}-${hit.parentId ?? ''}`} style={{ padding: '4px 0' }}>
              <div>{title(hit)}</div>
              {hit.subtitle ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {hit.subtitle}
                </Typography.Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {group.more ? (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 12 }}>
          {t('home-search.more', { count: HOME_SEARCH_LIMIT })}{' '}
          {list && listOpens ? (
            <Link to={routeHref(list, language)}>
              {t('home-search.openList', { list: list.label[language] })}
            </Link>
          ) : null}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}

/**
 * Spec §2 HomeSearch (`search`): one box and a mode (PO number ending, production-sample number
 * ending, product number containing, client, country-standard and test-item names containing, and
 * the materials and original samples the server adds); results grouped by kind, each hit opening its
 * record. The term lives in the address (`?q=&mode=`) and the last one is remembered (spec §3).
 */
export function HomeSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<SearchValues>();
  // Opened without a term: the last search comes back (spec §3 "a home search value"), from the
  // first render on, so what people type at once is not overwritten when the address follows.
  const stored = useMemo(() => (params.get('q') === null ? readStoredSearch() : null), [params]);
  const term = (params.get('q') ?? stored?.term ?? '').trim();
  const modeParam = stored ? stored.mode : params.get('mode');
  const mode: SearchMode = isSearchMode(modeParam) ? modeParam : 'all';
  const query = useHomeSearch(term);
  // A search the form refuses (one character, nothing) clears the results of the one before: the
  // page never shows hits under a box whose term says something else. A new address shows its own.
  const [cleared, setCleared] = useState(false);
  useEffect(() => setCleared(false), [params]);

  useEffect(() => {
    if (stored) setParams({ q: stored.term, mode: stored.mode }, { replace: true });
  }, [stored, setParams]);

  useEffect(() => {
    form.setFieldsValue({ term, mode });
  }, [form, term, mode]);

  const submit = (values: SearchValues) => {
    setCleared(false);
    const next = { term: values.term.trim(), mode: values.mode };
    storeSearch(next);
    setParams(next.mode === 'all' ? { q: next.term } : { q: next.term, mode: next.mode });
  };

  const modeOptions = SEARCH_MODES.map((value) => ({ value, label: modeLabel(value, t) }));

  let results: ReactNode = null;
  if (cleared) {
    results = null;
  } else if (!term) {
    results = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home-search.intro')} />;
  } else if ([...term].length < HOME_SEARCH_MIN_LENGTH) {
    results = (
      <Alert type="info" showIcon title={t('home-search.tooShort', { min: HOME_SEARCH_MIN_LENGTH })} />
    );
  } else if (query.isPending) {
    results = <Skeleton active />;
  } else if (query.isError) {
    results = (
      <Alert
        type="error"
        showIcon
        title={t('home-search.failed')}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('home-search.retry')}
          </Button>
        }
      />
    );
  } else {
    const groups = groupsForMode(query.data.groups, mode);
    const found = groups.filter((group) => group.hits.length > 0);
    if (mode !== 'all' && groups.length === 0) {
      results = <Alert type="info" showIcon title={t('home-search.unavailable')} />;
    } else if (found.length === 0) {
      results = (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home-search.nothing', { term })} />
      );
    } else {
      results = (
        <Row gutter={[16, 16]} data-testid="home-search-results">
          {found.map((group) => (
            <Col key={group.source} xs={24} md={12} xl={8}>
              <ResultGroup group={group} term={term} />
            </Col>
          ))}
        </Row>
      );
    }
  }

  return (
    <Flex vertical gap={16}>
      <Card title={<h1 style={heading}>{t('home-search.title')}</h1>}>
        <Form<SearchValues>
          form={form}
          role="search"
          aria-label={t('home-search.title')}
          initialValues={{ term, mode }}
          onFinish={submit}
          onFinishFailed={() => setCleared(true)}
          layout="vertical"
          requiredMark={false}
        >
          <Row gutter={[12, 0]} align="bottom">
            <Col xs={24} md={8} lg={6}>
              <Form.Item name="mode" label={t('home-search.mode')}>
                <Select options={modeOptions} data-testid="home-search-mode" />
              </Form.Item>
            </Col>
            <Col xs={24} md={16} lg={18}>
              <Form.Item
                name="term"
                label={t('home-search.term')}
                rules={[
                  { required: true, whitespace: true, message: t('home-search.termRequired') },
                  {
                    validator: async (_, value: string | undefined) => {
                      if (value && [...value.trim()].length < HOME_SEARCH_MIN_LENGTH) {
                        throw new Error(t('home-search.tooShort', { min: HOME_SEARCH_MIN_LENGTH }));
                      }
                    },
                  },
                ]}
              >
                <Input
                  allowClear
                  maxLength={100}
                  placeholder={t('home-search.placeholder')}
                  autoFocus={!term}
                  data-testid="home-search-input"
                  // The 24 px button inside would make the box 2 px taller than the mode select beside it.
                  style={{ paddingBlock: 3 }}
                  suffix={
                    <Button
                      type="primary"
                      htmlType="submit"
                      size="small"
                      icon={<SearchOutlined />}
                      loading={query.isFetching}
                      aria-label={t('home-search.submit')}
                      data-testid="home-search-submit"
                    />
                  }
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('home-search.hint', { min: HOME_SEARCH_MIN_LENGTH })}
        </Typography.Text>
      </Card>
      <div aria-live="polite">{results}</div>
    </Flex>
  );
}
