import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aSession } from '@/testing/sessions';
import { aCourse, signedInAdmin } from '../testing/fixtures';
import { CourseEditRoute } from './course-edit';

const course = aCourse({ _id: 'c1', name: 'Business English', availability: 5 });
const session = aSession({ _id: 's1', capacity: 12, seatsLeft: 5 });
const detail = (sessions = [session]) => ({ ...course, reviews: [], sessions });

const renderEdit = () =>
  renderWithProviders(<CourseEditRoute />, {
    route: '/admin/course/c1/edit',
    path: '/admin/course/:id/edit',
    routes: [{ path: '/admin/courselist', element: <h1>Course list</h1> }],
    preloadedState: signedInAdmin,
  });

const section = async () => within(await screen.findByRole('region', { name: 'Sessions' }));

describe('CourseEditRoute sessions (issue 33)', () => {

  it('lists the sessions with seats taken / capacity, and shows the seats as their sum, read-only', async () => {
    mockApi({ 'GET /api/courses/c1': { body: detail() } });
    renderEdit();
    const sessions = await section();
    const item = sessions.getByRole('listitem');
    expect(item).toHaveTextContent(/12 Jan\s–\s20 Mar 2027/);
    expect(item).toHaveTextContent('Tue and Thu 18:00-20:00');
    expect(item).toHaveTextContent('Tunis, Lac 2');
    expect(item).toHaveTextContent('Seats taken: 7 / 12');
    expect(item).toHaveTextContent('Open');
    const seats = screen.getByLabelText('Availability (seats)');
    expect(seats).toHaveAttribute('readonly');
    expect(seats).toHaveValue('5');
    expect(seats).toHaveAccessibleDescription(
      'Seats are set per session below: 5 left across the open sessions.',
    );
  });

  it('adds a session with its dates read on Tunis clocks, then shows it', async () => {
    const user = userEvent.setup();
    let sessions = [] as ReturnType<typeof aSession>[];
    const { sent } = mockApi({
      'GET /api/courses/c1': () => ({ body: detail(sessions) }),
      'POST /api/courses/c1/sessions': (request) => {
        const body = request.body as Record<string, unknown>;
        sessions = [aSession({ ...body, _id: 's7', seatsLeft: body.capacity as number })];
        return { status: 201, body: sessions[0] };
      },
    });
    renderEdit();
    const sessionsRegion = await section();
    expect(sessionsRegion.getByText(/No sessions/)).toBeInTheDocument();
    // A course without sessions keeps its editable seats.
    expect(screen.getByLabelText('Availability (seats)')).not.toHaveAttribute('readonly');
    await user.click(sessionsRegion.getByRole('button', { name: 'Add a session' }));
    const form = sessionsRegion.getByRole('form', { name: 'Add a session' });
    fireEvent.change(within(form).getByLabelText('Starts (Tunis time)'), {
      target: { value: '2027-01-12T18:00' },
    });
    fireEvent.change(within(form).getByLabelText('Ends (Tunis time)'), {
      target: { value: '2027-03-20T20:00' },
    });
    await user.type(within(form).getByLabelText('Schedule'), 'Tue and Thu 18:00-20:00');
    await user.type(within(form).getByLabelText('Place'), 'Online');
    await user.type(within(form).getByLabelText('Capacity'), '12');
    await user.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(await sessionsRegion.findByText('Session saved.')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      startsAt: '2027-01-12T18:00:00+01:00',
      endsAt: '2027-03-20T20:00:00+01:00',
      schedule: 'Tue and Thu 18:00-20:00',
      place: 'Online',
      capacity: 12,
      // Issues 51 and 54: left empty, none.
      scheduleFr: '',
      scheduleAr: '',
      placeFr: '',
      placeAr: '',
      hours: null,
      trainer: null,
      meetingUrl: null,
      meetings: [],
    });
    // The course is read again: the new session is listed.
    expect(await sessionsRegion.findByRole('listitem')).toHaveTextContent('Seats taken: 0 / 12');
  });

  it('checks the session with the server’s rules before sending it', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'GET /api/courses/c1': { body: detail([]) } });
    renderEdit();
    const sessionsRegion = await section();
    await user.click(sessionsRegion.getByRole('button', { name: 'Add a session' }));
    const form = sessionsRegion.getByRole('form', { name: 'Add a session' });
    fireEvent.change(within(form).getByLabelText('Starts (Tunis time)'), {
      target: { value: '2027-03-20T18:00' },
    });
    fireEvent.change(within(form).getByLabelText('Ends (Tunis time)'), {
      target: { value: '2027-01-12T20:00' },
    });
    await user.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(within(form).getByLabelText('Ends (Tunis time)')).toHaveAccessibleDescription(
      'End must be after start',
    );
    expect(within(form).getByLabelText('Schedule')).toHaveAccessibleDescription(
      'Schedule is required',
    );
    expect(within(form).getByLabelText('Ends (Tunis time)')).toHaveFocus();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('edits a session and shows the 409 when the capacity is below the seats taken', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: detail() },
      'PUT /api/sessions/s1': {
        status: 409,
        body: { message: 'Capacity cannot be below the 7 seats taken', code: 'CONFLICT' },
      },
    });
    renderEdit();
    const sessionsRegion = await section();
    await user.click(sessionsRegion.getByRole('button', { name: /^Edit the session of/ }));
    const form = sessionsRegion.getByRole('form', { name: /^Edit the session of/ });
    expect(within(form).getByLabelText('Starts (Tunis time)')).toHaveValue('2027-01-12T18:00');
    const capacity = within(form).getByLabelText('Capacity');
    await user.clear(capacity);
    await user.type(capacity, '6');
    await user.click(within(form).getByRole('button', { name: 'Save session' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Capacity cannot be below the 7 seats taken',
    );
    expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({
      startsAt: '2027-01-12T18:00:00+01:00',
      endsAt: '2027-03-20T20:00:00+01:00',
      schedule: 'Tue and Thu 18:00-20:00',
      place: 'Tunis, Lac 2',
      capacity: 6,
    });
  });

  it('cancels a session only after the confirmation', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: detail() },
      'POST /api/sessions/s1/cancel': { body: { ...session, status: 'cancelled' } },
    });
    renderEdit();
    const sessionsRegion = await section();
    await user.click(sessionsRegion.getByRole('button', { name: /^Cancel the session of/ }));
    expect(sessionsRegion.getByText(/Its unpaid orders are cancelled/)).toHaveTextContent(/ seats are taken\.$/);
    await user.click(sessionsRegion.getByRole('button', { name: 'Keep it' }));
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);

    await user.click(sessionsRegion.getByRole('button', { name: /^Cancel the session of/ }));
    const yes = sessionsRegion.getByRole('button', { name: 'Yes, cancel it' });
    expect(yes).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await sessionsRegion.findByText('Session cancelled.')).toBeInTheDocument();
    await waitFor(() =>
      expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('POST /api/sessions/s1/cancel'),
    );
  });

  it('says clearly, in the language on screen, that a session that ran cannot be cancelled (issue 49)', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/courses/c1': { body: detail() },
      'POST /api/sessions/s1/cancel': {
        status: 409,
        body: { message: MESSAGES.sessionHasLearned, code: 'SESSION_HAS_LEARNED' },
      },
    });
    renderEdit();
    const sessionsRegion = await section();
    await user.click(sessionsRegion.getByRole('button', { name: /^Cancel the session of/ }));
    await user.keyboard('{Enter}');
    const alert = await sessionsRegion.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.sessionHasLearned);
    expect(alert).toHaveTextContent('Learners of this session are already marked learned, so it is kept.');
    expect(within(alert).getByRole('link', { name: /^Roster of the session/ })).toHaveAttribute(
      'href',
      '/admin/session/s1',
    );
    expect(sessionsRegion.queryByText('Session cancelled.')).not.toBeInTheDocument();

    await setLanguage('fr');
    expect(
      await sessionsRegion.findByText(/une session qui a eu lieu ne peut pas être annulée/),
    ).toBeInTheDocument();
    await setLanguage('ar');
    expect(await sessionsRegion.findByText(/لا يمكن إلغاء جلسة انعقدت/)).toBeInTheDocument();
  });

  it('speaks French and Arabic', async () => {
    await setLanguage('ar');
    mockApi({ 'GET /api/courses/c1': { body: detail() } });
    renderEdit();
    const sessionsRegion = within(await screen.findByRole('region', { name: 'الدورات' }));
    expect(sessionsRegion.getByRole('button', { name: 'إضافة دورة' })).toBeInTheDocument();
    expect(sessionsRegion.getByText(/12 جانفي\s–\s20 مارس 2027/)).toBeInTheDocument();
  });
});
