import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setLanguage } from '@/lib/i18n';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@shop/shared';
import { renderWithProviders } from '@/testing/render';
import { aCourse, signedInAdmin } from '../testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { CourseEditRoute } from './course-edit';

const course = aCourse({
  _id: 'c1',
  name: 'Python',
  price: 120.5,
  availability: 12,
  description: 'Learn Python.',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  category: ['Programming'],
  sizes: ['M'],
  images: ['/images/python.svg', 'https://cdn.example.com/python-2.png'],
});

const renderEdit = () =>
  renderWithProviders(<CourseEditRoute />, {
    route: '/admin/course/c1/edit',
    path: '/admin/course/:id/edit',
    routes: [{ path: '/admin/courselist', element: <h1>Course list</h1> }],
    preloadedState: signedInAdmin,
  });

const categories = () => within(screen.getByRole('group', { name: 'Category' }));
const sizes = () => within(screen.getByRole('group', { name: 'Sizes' }));

describe('CourseEditRoute', () => {
  it('prefills every field, ticks the course categories and sizes and previews its images', async () => {
    mockApi({ 'GET /api/courses/c1': { body: { ...course, reviews: [] } } });
    renderEdit();
    expect(await screen.findByLabelText('Name')).toHaveValue('Python');
    expect(screen.getByLabelText('Price (Tnd)')).toHaveValue('120.5');
    expect(screen.getByLabelText('Availability (seats)')).toHaveValue('12');
    expect(screen.getByLabelText('Description')).toHaveValue('Learn Python.');
    expect(categories().getByLabelText('Programming')).toBeChecked();
    expect(categories().getByLabelText('Art')).not.toBeChecked();
    expect(categories().getAllByRole('checkbox')).toHaveLength(9);
    expect(sizes().getByLabelText('M')).toBeChecked();
    expect(sizes().getByLabelText('kids')).not.toBeChecked();
    expect(screen.getByLabelText('Image 1 URL')).toHaveValue('/images/python.svg');
    expect(screen.getByLabelText('Image 3 URL')).toHaveValue('');
    expect(screen.getByRole('img', { name: 'Preview of image 1' })).toHaveAttribute(
      'src',
      '/images/python.svg',
    );
    expect(screen.getByText('No image')).toBeInTheDocument();
  });

  it('sends images (not Images), categories, sizes and numbers, then stays on the page and says it is saved', async () => {
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      'PUT /api/courses/c1': ({ body }) => ({ body: { ...course, ...(body as object) } }),
    });
    renderEdit();
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Python Pro');
    await userEvent.clear(screen.getByLabelText('Price (Tnd)'));
    await userEvent.type(screen.getByLabelText('Price (Tnd)'), '199.99');
    await userEvent.clear(screen.getByLabelText('Availability (seats)'));
    await userEvent.type(screen.getByLabelText('Availability (seats)'), '30');
    await userEvent.click(categories().getByLabelText('Programming Kids'));
    await userEvent.click(categories().getByLabelText('English'));
    await userEvent.click(sizes().getByLabelText('M'));
    await userEvent.click(sizes().getByLabelText('kids'));
    expect(sizes().getByLabelText('M')).not.toBeChecked();
    // Emptying image 1 leaves images 2 and 3 to be sent.
    await userEvent.clear(screen.getByLabelText('Image 1 URL'));
    await userEvent.type(screen.getByLabelText('Image 3 URL'), '/images/three.svg');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Issue 54: the page stays (the course's sessions are on it) and says the course is saved.
    expect(await screen.findByText('Saved. The course’s sessions are below.')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('heading', { name: 'Course list' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Python Pro');
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Python Pro',
      price: 199.99,
      images: ['https://cdn.example.com/python-2.png', '/images/three.svg'],
      category: ['English', 'Programming', 'Programming Kids'],
      sizes: ['kids'],
      availability: 30,
      // The seats left the form started from (issue 31).
      availabilityWas: 12,
      description: 'Learn Python.',
      nameFr: '',
      nameAr: '',
      descriptionFr: '',
      descriptionAr: '',
    });
  });

  it('on 409 SEATS_CHANGED shows the seats left now, keeps the other edits, and saves again from those seats', async () => {
    let seatsNow = 10;
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      // The server's rule: a seat change is refused unless availabilityWas is the seats left now.
      'PUT /api/courses/c1': ({ body }) => {
        const { availability, availabilityWas, ...rest } = body as { availability: number; availabilityWas: number };
        if (availability !== availabilityWas && availabilityWas !== seatsNow)
          return {
            status: 409,
            body: { message: MESSAGES.seatsChanged, code: 'SEATS_CHANGED', availability: seatsNow },
          };
        if (availability !== availabilityWas) seatsNow = availability;
        return { body: { ...course, ...rest, availability: seatsNow, reviews: [] } };
      },
    });
    renderEdit();
    // Loaded at 12 seats; 2 were ordered meanwhile (10 left). The admin renames and asks for 20.
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Python (evening)');
    const seats = screen.getByLabelText('Availability (seats)');
    await userEvent.clear(seats);
    await userEvent.type(seats, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('10 seats left now. Nothing was saved and your other changes are kept');
    expect(within(summary).getByRole('link', { name: 'Seats left now: 10' })).toHaveAttribute(
      'href',
      '#course-availability',
    );
    expect(document.getElementById('course-availability-error')).toHaveTextContent('Seats left now: 10');
    // Nothing the admin typed is lost, and the form stays.
    expect(screen.getByLabelText('Name')).toHaveValue('Python (evening)');
    expect(screen.getByLabelText('Availability (seats)')).toHaveValue('20');
    expect(screen.queryByRole('heading', { name: 'Course list' })).not.toBeInTheDocument();

    // The admin settles on 18 and updates again: sent from the seats the conflict showed.
    await userEvent.clear(screen.getByLabelText('Availability (seats)'));
    await userEvent.type(screen.getByLabelText('Availability (seats)'), '18');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Saved. The course’s sessions are below.')).toBeInTheDocument();
    expect(seatsNow).toBe(18);

    // Orders take 2 seats; the admin changes the name only and saves: the seats are not
    // written, and the form shows the 16 left now and starts the next save from them.
    seatsNow = 16;
    await userEvent.type(screen.getByLabelText('Name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getByLabelText('Availability (seats)')).toHaveValue('16'));
    const puts = sent.filter((r) => r.method === 'PUT').map((r) => r.body as Record<string, unknown>);
    expect(puts.map((b) => [b['name'], b['availability'], b['availabilityWas']])).toEqual([
      ['Python (evening)', 20, 12],
      ['Python (evening)', 18, 10],
      ['Python (evening)!', 18, 18],
    ]);
    expect(seatsNow).toBe(16);
  });

  it('says the seats changed in French and Arabic too', async () => {
    for (const [language, text, seatsNow] of [
      ['fr', 'il reste 10 places', 'Places restantes : 10'],
      ['ar', 'المقاعد المتبقية الآن 10', 'المقاعد المتبقية الآن: 10'],
    ] as const) {
      await act(() => setLanguage(language));
      mockApi({
        'GET /api/courses/c1': { body: { ...course, reviews: [] } },
        'PUT /api/courses/c1': {
          status: 409,
          body: { message: MESSAGES.seatsChanged, code: 'SEATS_CHANGED', availability: 10 },
        },
      });
      const { unmount } = renderEdit();
      await screen.findByDisplayValue('Python');
      const seats = document.getElementById('course-availability') as HTMLInputElement;
      await userEvent.clear(seats);
      await userEvent.type(seats, '20');
      fireEvent.submit(seats.closest('form') as HTMLFormElement);
      const summary = await screen.findByRole('alert');
      expect(summary).toHaveTextContent(text);
      expect(within(summary).getByRole('link', { name: seatsNow })).toHaveAttribute('href', '#course-availability');
      unmount();
    }
    await act(() => setLanguage('en'));
  });

  it('shows the API field errors next to their fields and in a summary, and stays on the form', async () => {
    mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      'PUT /api/courses/c1': {
        status: 400,
        body: {
          message: 'price: At most two decimals',
          details: [
            { path: 'price', message: 'At most two decimals' },
            { path: 'images.1', message: 'Image must be an http(s) URL or a path starting with /' },
          ],
        },
      },
    });
    renderEdit();
    // Values the form's own checks accept, so the problems are the server's.
    const price = await screen.findByLabelText('Price (Tnd)');
    await userEvent.clear(price);
    await userEvent.type(price, '10.5');
    await userEvent.clear(screen.getByLabelText('Image 2 URL'));
    await userEvent.type(screen.getByLabelText('Image 3 URL'), '/images/gone.png');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'At most two decimals' })).toHaveAttribute(
      'href',
      '#course-price',
    );
    // Box 2 is blank, so images.1 (the second image sent) came from box 3.
    expect(within(summary).getByRole('link', { name: /http\(s\) URL/ })).toHaveAttribute(
      'href',
      '#course-image-3',
    );
    expect(document.getElementById('course-price-error')).toHaveTextContent('At most two decimals');
    expect(screen.getByLabelText('Image 3 URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Image 1 URL')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('heading', { name: 'Course list' })).not.toBeInTheDocument();
  });

  it("checks the fields with the server's rules before sending, in the same words", async () => {
    const { sent } = mockApi({ 'GET /api/courses/c1': { body: { ...course, reviews: [] } } });
    renderEdit();
    const price = await screen.findByLabelText('Price (Tnd)');
    await userEvent.clear(price);
    await userEvent.type(price, '10.005');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Image 3 URL'), 'ftp://bad');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Name is required', '#course-name'],
      ['At most two decimals', '#course-price'],
      ['Image must be an http(s) URL or a path starting with /', '#course-image-3'],
    ]);
    expect(document.getElementById('course-price-error')).toHaveTextContent('At most two decimals');
    expect(screen.getByLabelText('Image 3 URL')).toHaveAttribute('aria-invalid', 'true');
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('keeps what was typed when the server refuses a valid-looking update, without refetching', async () => {
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      'PUT /api/courses/c1': {
        status: 400,
        body: {
          message: 'category.0: Unknown category: Cooking',
          details: [{ path: 'category.0', message: 'Unknown category: Cooking' }],
        },
      },
    });
    renderEdit();
    await userEvent.type(await screen.findByLabelText('Description'), ' More.');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary).getByRole('link', { name: 'Unknown category: Cooking' }),
    ).toHaveAttribute('href', '#course-category');
    expect(screen.getByRole('group', { name: 'Category' })).toHaveAccessibleDescription(
      'Unknown category: Cooking',
    );
    expect(screen.queryByText(/category\.0/)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent.filter((r) => r.method === 'GET' && r.path === '/api/courses/c1')).toHaveLength(1);
    expect(screen.getByLabelText('Description')).toHaveValue('Learn Python. More.');
  });

  it('keeps what the admin typed and the errors when an update is refused, without refetching', async () => {
    const { sent, fetchMock } = mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      'PUT /api/courses/c1': {
        status: 400,
        body: {
          message: 'name: Name is required',
          details: [{ path: 'name', message: 'Name is required' }],
        },
      },
    });
    // Answers take a moment, as on a network: a refetch would be seen in flight.
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return fetchMock(...args);
    });
    renderEdit();
    await userEvent.clear(await screen.findByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Description'), ' More.');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByRole('alert');
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The server changed nothing, so the course is not fetched again.
    expect(sent.filter((r) => r.method === 'GET' && r.path === '/api/courses/c1')).toHaveLength(1);

    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('Learn Python. More.');
  });

  it('replaces a preview that fails to load with a notice, and tries again when the URL changes', async () => {
    mockApi({ 'GET /api/courses/c1': { body: { ...course, reviews: [] } } });
    renderEdit();
    const preview = await screen.findByRole('img', { name: 'Preview of image 2' });
    fireEvent.error(preview);
    expect(screen.getByRole('img', { name: 'Image could not be loaded' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Image 2 URL'), '?v=2');
    expect(screen.getByRole('img', { name: 'Preview of image 2' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/python-2.png?v=2',
    );
  });

  it('uploads a picture into an image box and sends its address with the update', async () => {
    const picture = { _id: 'p1', url: '/api/images/p1', width: 900, height: 600, srcset: '' };
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      'POST /api/images': { status: 201, body: picture },
      'PUT /api/courses/c1': ({ body }) => ({ body: { ...course, ...(body as object) } }),
    });
    renderEdit();
    await screen.findByLabelText('Name');
    // The mock reads bodies as JSON: the file's bytes are a JSON string here.
    const file = new File(['"bytes of a photo"'], 'photo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Upload picture 3'), file);
    expect(
      await screen.findByText('Picture 3 uploaded. Update the course to keep it.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Image 3 URL')).toHaveValue('/api/images/p1');
    const upload = sent.find((r) => r.method === 'POST');
    expect(upload?.path).toBe('/api/images');
    expect(upload?.headers.get('Content-Type')).toBe('image/png');

    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByText('Saved. The course’s sessions are below.');
    const update = sent.find((r) => r.method === 'PUT');
    expect((update?.body as { images: string[] }).images).toEqual([
      '/images/python.svg',
      'https://cdn.example.com/python-2.png',
      '/api/images/p1',
    ]);
  });

  it('shows why a picture was refused and keeps the box as it was', async () => {
    mockApi({
      'GET /api/courses/c1': { body: { ...course, reviews: [] } },
      'POST /api/images': {
        status: 400,
        body: { message: 'The file is not a JPEG, PNG or WebP picture.' },
      },
    });
    renderEdit();
    await screen.findByLabelText('Name');
    await userEvent.upload(
      screen.getByLabelText('Upload picture 1'),
      new File(['"text"'], 'notes.jpg', { type: 'image/jpeg' }),
    );
    expect(
      await screen.findByText('The file is not a JPEG, PNG or WebP picture.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Image 1 URL')).toHaveValue('/images/python.svg');
  });

  it("links to the course's change history in the audit trail", async () => {
    mockApi({ 'GET /api/courses/c1': { body: { ...course, reviews: [] } } });
    renderEdit();
    expect(await screen.findByRole('link', { name: 'Change history' })).toHaveAttribute(
      'href',
      '/admin/audit?entity=course&entityId=c1',
    );
  });
});
