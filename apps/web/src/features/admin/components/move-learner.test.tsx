import type { RosterRow } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aSession } from '@/testing/sessions';
import { aCourse, signedInAdmin } from '../testing/fixtures';
import { MoveLearner } from './move-learner';

const current = aSession({ _id: 's1', course: 'c1', seatsLeft: 4 });
/** The course page's sessions: this one, one with 3 seats, one with a single seat, a full one. */
const courseDetail = {
  ...aCourse({ _id: 'c1', name: 'Excel' }),
  sessions: [
    current,
    aSession({
      _id: 's2',
      startsAt: '2027-04-06T16:00:00.000Z',
      endsAt: '2027-05-27T18:00:00.000Z',
      schedule: 'Sat 09:00-12:00',
      place: 'Sfax',
      seatsLeft: 3,
    }),
    aSession({
      _id: 's3',
      startsAt: '2027-06-01T16:00:00.000Z',
      endsAt: '2027-06-30T18:00:00.000Z',
      seatsLeft: 1,
    }),
    aSession({
      _id: 's4',
      startsAt: '2027-07-01T16:00:00.000Z',
      endsAt: '2027-07-30T18:00:00.000Z',
      seatsLeft: 0,
      status: 'full',
    }),
  ],
};
const row: RosterRow = {
  order: 'o1',
  learner: { _id: 'u1', name: 'Amira Trabelsi', email: 'amira@example.com' },
  named: false,
  buyer: { _id: 'u1', name: 'Amira Trabelsi', email: 'amira@example.com' },
  company: null,
  certificateWithheld: null,
  qty: 2,
  status: 'paid',
  attendance: {},
};

const render = (r: RosterRow = row) =>
  renderWithProviders(<MoveLearner session={current} row={r} />, { preloadedState: signedInAdmin });

const openDialog = async () => {
  await userEvent.click(
    screen.getByRole('button', { name: 'Move Amira Trabelsi to another session' }),
  );
  return within(
    await screen.findByRole('dialog', { name: 'Move Amira Trabelsi to another session' }),
  );
};

describe('MoveLearner (issue 34)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    void setLanguage('en');
  });

  it('lists the other open sessions with seats left and moves the learner to the one picked', async () => {
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: courseDetail },
      'POST /api/sessions/s1/move': { body: { _id: 'o1', status: 'paid' } },
    });
    render();
    const dialog = await openDialog();
    const choices = await dialog.findAllByRole('radio');
    // Not the session the learner is in, not the full one; too few seats for 2: shown, not selectable.
    expect(choices).toHaveLength(2);
    expect(dialog.getByText('3 seats left')).toBeInTheDocument();
    expect(dialog.getByText(/1 seat left · not enough seats for this order/)).toBeInTheDocument();
    expect(choices[1]).toBeDisabled();
    expect(dialog.getByText('Sfax')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Choose a session first.');
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.click(choices[0]!);
    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));
    expect(await dialog.findByRole('status')).toHaveTextContent(
      /Amira Trabelsi was moved to the session of .*2027.*; a mail with the new dates was sent\./,
    );
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/api/sessions/s1/move');
    expect(post?.body).toEqual({ order: 'o1', to: 's2' });

    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Move Amira Trabelsi to another session' }),
      ).toHaveFocus(),
    );
  });

  it('shows the 409 of a target filled meanwhile and reads the seats again', async () => {
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: courseDetail },
      'POST /api/sessions/s1/move': {
        status: 409,
        body: {
          message: 'Not enough seats left for Excel (2027-04-06): 1 left, 2 needed',
          code: 'SEATS_LEFT',
          seatsLeft: 1,
        },
      },
    });
    render();
    const dialog = await openDialog();
    await userEvent.click((await dialog.findAllByRole('radio'))[0]!);
    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Not moved: Not enough seats left for Excel (2027-04-06): 1 left, 2 needed',
    );
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/courses/c1')).toHaveLength(2));
    expect(dialog.queryByRole('status')).not.toBeInTheDocument();
  });

  it('works with the keyboard: Escape closes and gives the focus back to the button', async () => {
    mockApi({ 'GET /api/courses/c1': { body: courseDetail } });
    render();
    const dialog = await openDialog();
    await dialog.findAllByRole('radio');
    expect(dialog.getByRole('heading', { level: 2 })).toHaveFocus();
    // fireEvent: no timer runs in between, so the focus must be back in the closing commit.
    fireEvent.keyDown(dialog.getByRole('heading', { level: 2 }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Move Amira Trabelsi to another session' }),
    ).toHaveFocus();
  });

  it('says so when no other session has seats, and offers no button for a learned order', async () => {
    mockApi({ 'GET /api/courses/c1': { body: { ...courseDetail, sessions: [current] } } });
    const { unmount } = render();
    const dialog = await openDialog();
    expect(
      await dialog.findByText('No other session of this course has seats left.'),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
    unmount();
    render({ ...row, status: 'learned' });
    expect(screen.queryByRole('button', { name: /Move/ })).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await setLanguage('ar');
    mockApi({ 'GET /api/courses/c1': { body: courseDetail } });
    render();
    await userEvent.click(screen.getByRole('button', { name: 'نقل Amira Trabelsi إلى دورة أخرى' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByText('3 مقاعد متبقية')).toBeInTheDocument();
    expect(dialog.getByText('مقعدان في دورة', { exact: false })).toBeInTheDocument();
  });
});
