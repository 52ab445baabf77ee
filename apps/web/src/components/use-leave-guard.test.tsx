import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { createMemoryRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidget } from './test-utils';
import { hasUnsavedChanges, LeaveGuardHost, leavesPage, useLeaveGuard } from './use-leave-guard';

function Layout() {
  return (
    <>
      <LeaveGuardHost />
      <Link to="/en/home">Home</Link>
      <Link to="/zh/form">中文</Link>
      <Outlet />
    </>
  );
}

function GuardedForm() {
  const guard = useLeaveGuard();
  const navigate = useNavigate();
  const leave = () => {
    guard.settle();
    void navigate('/en/home');
  };
  return (
    <Form onValuesChange={guard.change} onFinish={leave}>
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <Button htmlType="submit">Save</Button>
      <Button onClick={leave}>Cancel</Button>
      <span data-testid="dirty">{String(guard.dirty)}</span>
    </Form>
  );
}

function start() {
  const router = createMemoryRouter(
    [
      {
        path: '/:language',
        element: <Layout />,
        children: [
          { path: 'form', element: <GuardedForm /> },
          { path: 'home', element: <p>Home page</p> },
        ],
      },
    ],
    { initialEntries: ['/en/form'] },
  );
  renderWidget(<RouterProvider router={router} />);
  return router;
}

const blockerIdle = (router: ReturnType<typeof start>) =>
  [...router.state.blockers.values()].every((blocker) => blocker.state === 'unblocked');
const type = (text: string) => fireEvent.change(screen.getByLabelText('Name'), { target: { value: text } });
const unloadCancelled = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leavesPage', () => {
  it('counts a new path or query as leaving, a language switch as staying', () => {
    const here = { pathname: '/zh/client/new', search: '' };
    expect(leavesPage(here, { pathname: '/zh', search: '' })).toBe(true);
    expect(leavesPage(here, { pathname: '/zh/client/new', search: '?x=1' })).toBe(true);
    expect(leavesPage(here, { pathname: '/en/client/new', search: '' })).toBe(false);
    // A list rewriting its own query in place is no leaving; Back to another query is.
    expect(leavesPage(here, { pathname: '/zh/client/new', search: '?page=2' }, 'REPLACE')).toBe(false);
    expect(leavesPage(here, { pathname: '/zh/client/new', search: '?page=2' }, 'POP')).toBe(true);
    expect(leavesPage(here, { pathname: '/zh/client', search: '' }, 'REPLACE')).toBe(true);
  });
});

describe('useLeaveGuard with LeaveGuardHost', () => {
  afterEach(() => {
    cleanup();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('leaves an unchanged form without asking', async () => {
    const router = start();
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/en/home');
    expect(unloadCancelled()).toBe(false);
  });

  it('asks before leaving a changed form: Stay keeps the input, Leave goes', async () => {
    const router = start();
    type('Half a client');
    expect(screen.getByTestId('dirty').textContent).toBe('true');
    // Closing or reloading the tab asks too.
    expect(unloadCancelled()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Leave this page?');
    expect(dialog.textContent).toContain('Your changes have not been saved');
    // Enter must not throw the input away: Stay has the focus.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Stay'));
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(router.state.blockers.size === 0 || blockerIdle(router)).toBe(true));
    expect(router.state.location.pathname).toBe('/en/form');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Half a client');

    // Asked again (a closing dialog may linger in the DOM: the newest one answers).
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Leave' }).length).toBe(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Leave' })[1]!);
    await screen.findByText('Home page');
    expect(router.state.location.pathname).toBe('/en/home');
    expect(unloadCancelled()).toBe(false);
  });

  it('does not ask after a save, nor for a language switch', async () => {
    const router = start();
    type('Saved client');
    fireEvent.click(screen.getByRole('link', { name: '中文' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/zh/form'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    await screen.findByText('Home page');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not ask after an explicit cancel', async () => {
    start();
    type('Dropped');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Home page');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
