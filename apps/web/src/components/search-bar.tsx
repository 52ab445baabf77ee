/**
 * The search form of a list, generated from the same column array as its table (table-columns.ts).
 * Enter in a text field submits (in a picker it picks: form-enter-key.ts), Reset restores the columns'
 * initial values and searches again; inputs past the first `visibleCount` (two on phones) fold behind
 * "More filters", which counts the folded filters that are set ("More filters (2)"), so a filter
 * restored from the URL is never active unseen. `values`, when given, are the search the list shows
 * (from its URL): the inputs follow them, e.g. after Back.
 *
 * SearchBar props: columns, onSearch(filters, values), onReset?(), values?, loading?, visibleCount? (3)
 */
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, InputNumber, Row, Select } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ClearTextField } from './clear-text-field';
import { DateField, DateRangeField } from './date-picker';
import {
  columnOptions,
  type Filters,
  initialSearchValues,
  type SearchInputProps,
  searchColumns,
  searchName,
  type TableColumn,
  toFilters,
} from './table-columns';
import { useIsPhone } from './use-is-phone';
import { useLabel, useWidgetsTranslation } from './widgets-i18n';

export interface SearchBarProps<T> {
  columns: readonly TableColumn<T>[];
  /** `values` are the inputs by name as they are (a list keeps them to show them again). */
  onSearch: (filters: Filters, values: Filters) => void;
  onReset?: () => void;
  /** The search shown: the inputs are set to it whenever it changes. */
  values?: Filters;
  loading?: boolean;
  visibleCount?: number;
}

const DEFAULT_VISIBLE = 3;
const PHONE_VISIBLE = 2;

const blankValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every(blankValue));

/** How many of `names` hold a filter: a value that is not blank and not the column's initial one. */
export function setFilterCount(
  names: readonly string[],
  values: Filters | undefined,
  initial: Filters,
): number {
  return names.filter((name) => {
    const value = values?.[name];
    return !blankValue(value) && JSON.stringify(value) !== JSON.stringify(initial[name]);
  }).length;
}

export function SearchBar<T>({
  columns,
  onSearch,
  onReset,
  values,
  loading = false,
  visibleCount = DEFAULT_VISIBLE,
}: SearchBarProps<T>) {
  const { t } = useWidgetsTranslation();
  const label = useLabel();
  const [form] = Form.useForm<Filters>();
  const [expanded, setExpanded] = useState(false);
  const phone = useIsPhone();
  const inputs = searchColumns(columns);
  const initialValues = initialSearchValues(columns);
  // A phone shows fewer inputs before folding, so the first rows of the list stay in view.
  const shownCount = phone ? Math.min(visibleCount, PHONE_VISIBLE) : visibleCount;
  const folds = inputs.length > shownCount;
  const blank = Object.fromEntries(inputs.map((column) => [searchName(column)!, undefined]));
  const shownKey = values === undefined ? undefined : JSON.stringify(values);
  const current = Form.useWatch((all: Filters) => all, form);
  const foldedSet = folds
    ? setFilterCount(
        inputs.slice(shownCount).map((column) => searchName(column)!),
        current,
        initialValues,
      )
    : 0;

  useEffect(() => {
    if (values !== undefined) form.setFieldsValue({ ...blank, ...values });
  }, [shownKey, form]);

  const search = (next: Filters) => onSearch(toFilters(columns, next), next);

  const input = (column: TableColumn<T>): ReactNode => {
    const placeholder = label(column.title);
    if (column.renderFormItem) return <CustomInput render={column.renderFormItem} />;
    switch (column.valueType) {
      case 'number':
        return <InputNumber placeholder={placeholder} style={{ width: '100%' }} />;
      case 'date':
        return <DateField placeholder={placeholder} style={{ width: '100%' }} />;
      case 'dateRange':
        return <DateRangeField style={{ width: '100%' }} />;
      case 'select':
        return (
          <Select
            allowClear
            placeholder={placeholder}
            options={columnOptions(column).map((o) => ({ value: o.value, label: label(o.label) }))}
          />
        );
      case 'bool':
        return (
          <Select
            allowClear
            placeholder={placeholder}
            options={[
              { value: true, label: t('widgets.search.yes') },
              { value: false, label: t('widgets.search.no') },
            ]}
          />
        );
      default:
        return <ClearTextField placeholder={placeholder} />;
    }
  };

  return (
    <Form<Filters>
      form={form}
      role="search"
      aria-label={t('widgets.search.label')}
      layout="vertical"
      initialValues={values ?? initialValues}
      onFinish={(submitted) => search({ ...form.getFieldsValue(true), ...submitted })}
    >
      <Row gutter={16} align="bottom">
        {inputs.map((column, index) => {
          const name = searchName(column)!;
          return (
            <Col
              key={name}
              xs={24}
              sm={12}
              lg={8}
              xl={6}
              style={folds && !expanded && index >= shownCount ? { display: 'none' } : undefined}
            >
              <Form.Item name={name} label={label(column.title)}>
                {input(column)}
              </Form.Item>
            </Col>
          );
        })}
        {/* The buttons take the rest of the line when they fit on it, else a line of their own:
            never a column too narrow for them ("More filters" wrapping under Search). */}
        <Col flex="auto">
          <Form.Item>
            <Flex gap={8} wrap>
              <Button type="primary" htmlType="submit" loading={loading}>
                {t('widgets.search.submit')}
              </Button>
              <Button
                onClick={() => {
                  form.setFieldsValue({ ...blank, ...initialValues });
                  onReset?.();
                  search({ ...blank, ...initialValues });
                }}
              >
                {t('widgets.search.reset')}
              </Button>
              {folds ? (
                <Button
                  type="link"
                  aria-expanded={expanded}
                  icon={expanded ? <UpOutlined /> : <DownOutlined />}
                  iconPlacement="end"
                  onClick={() => setExpanded((open) => !open)}
                >
                  {expanded
                    ? t('widgets.search.less')
                    : foldedSet > 0
                      ? t('widgets.search.moreSet', { count: foldedSet })
                      : t('widgets.search.more')}
                </Button>
              ) : null}
            </Flex>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}

/** Form.Item hands value and onChange to its direct child; this passes them to the column's renderer. */
function CustomInput({
  render,
  ...props
}: SearchInputProps & { render: (props: SearchInputProps) => ReactNode }) {
  return <>{render(props)}</>;
}
