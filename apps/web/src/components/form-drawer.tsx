import { Button, Drawer, type DrawerProps, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useCloseGuard } from './guarded-modal';
import { useIsPhone } from './use-is-phone';

/**
 * The drawer a create/edit form opens in (config lists, roles): full width on phones, 720 px
 * otherwise, its content destroyed on close. Its body has no bottom padding, because the form's
 * buttons (DrawerFormButtons) stick to the bottom edge and the padding would leave a strip under
 * them where the form scrolls past. A changed form asks before the ×, Escape or the mask closes the
 * drawer (guarded-modal.tsx).
 */
export function FormDrawer(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  const drawer = useCloseGuard<Parameters<NonNullable<DrawerProps['onClose']>>[0]>({
    open: props.open,
    onClose: props.onClose,
  });
  const phone = useIsPhone();
  return (
    <>
      {drawer.holder}
      <Drawer
        open={props.open}
        onClose={drawer.requestClose}
        size={phone ? '100%' : 720}
        title={props.title}
        destroyOnHidden
        styles={{ body: { paddingBottom: 0 } }}
        data-testid={props.testId}
      >
        {drawer.wrap(props.children)}
      </Drawer>
    </>
  );
}

/** A drawer form's cancel and submit buttons, stuck to the drawer's bottom edge. */
export function DrawerFormButtons(props: {
  onCancel: () => void;
  cancelText: string;
  submitText: string;
  pending: boolean;
  submitTestId: string;
}) {
  return (
    <Flex
      gap={8}
      justify="flex-end"
      style={{
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        paddingBlock: '12px 16px',
        borderTop: '1px solid var(--ant-color-split)',
        background: 'var(--ant-color-bg-elevated)',
      }}
    >
      <Button onClick={props.onCancel}>{props.cancelText}</Button>
      <Button type="primary" htmlType="submit" loading={props.pending} data-testid={props.submitTestId}>
        {props.submitText}
      </Button>
    </Flex>
  );
}
