import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { CheckboxGroupField } from '@/components/form/choice-fields';
import { Form, FormError } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { showServerError, type ServerErrorOptions } from './server-errors';

interface Values {
  name: string;
  email: string;
  password: string;
  category: string[];
}

/** A form whose submit is refused with `refusal` (what `unwrap()` throws). */
function RefusedForm({
  refusal,
  options = {},
}: {
  refusal: unknown;
  options?: Partial<ServerErrorOptions<Values>>;
}) {
  const form = useForm<Values>({
    defaultValues: { name: '', email: '', password: '', category: [] },
  });
  return (
    <Form
      form={form}
      onSubmit={() =>
        showServerError(form.setError, refusal, {
          fields: ['name', 'email', 'password', 'category'],
          ...options,
        })
      }
    >
      <TextField id="f-name" name="name" label="Name" />
      <TextField id="f-email" name="email" label="Email" />
      <TextField id="f-password" name="password" label="Password" type="password" />
      <CheckboxGroupField
        id="f-category"
        name="category"
        legend="Category"
        options={[
          { value: 'Art', label: 'Art' },
          { value: 'English', label: 'English' },
        ]}
      />
      <FormError />
      <button type="submit">Send</button>
    </Form>
  );
}

const badRequest = (message: string, details?: { path: string; message: string }[]) => ({
  status: 400,
  data: { message, details },
});

async function submit() {
  await userEvent.click(screen.getByRole('button', { name: 'Send' }));
}

describe('showServerError', () => {
  it("puts a detail on its field, once, without the answer's 'path: message' line", async () => {
    render(
      <RefusedForm
        refusal={badRequest('email: Please enter a valid email', [
          { path: 'email', message: 'Please enter a valid email' },
        ])}
      />,
    );
    await submit();
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please enter a valid email',
    ]);
    expect(screen.queryByText(/email: /)).not.toBeInTheDocument();
  });

  it('shows the first message of each field and puts several fields at once', async () => {
    render(
      <RefusedForm
        refusal={badRequest('name: Name is required', [
          { path: 'name', message: 'Name is required' },
          { path: 'password', message: 'Password must be at least 8 characters' },
          { path: 'password', message: 'Password must be at most 128 characters' },
        ])}
      />,
    );
    await submit();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.queryByText('Password must be at most 128 characters')).not.toBeInTheDocument();
  });

  it('files a detail of an item under its list (category.1 -> category)', async () => {
    render(
      <RefusedForm
        refusal={badRequest('category.1: Unknown category: Cooking', [
          { path: 'category.1', message: 'Unknown category: Cooking' },
        ])}
      />,
    );
    await submit();
    const group = screen.getByRole('group', { name: 'Category' });
    await waitFor(() => expect(group).toHaveAccessibleDescription('Unknown category: Cooking'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('follows fieldOf when the API names the field differently', async () => {
    render(
      <RefusedForm
        refusal={badRequest('newPassword: Password must be at least 8 characters', [
          { path: 'newPassword', message: 'Password must be at least 8 characters' },
        ])}
        options={{ fieldOf: (path) => (path === 'newPassword' ? 'password' : undefined) }}
      />,
    );
    await submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        'Password must be at least 8 characters',
      ),
    );
  });

  it('shows a detail that belongs to no field by its message alone, on the form line', async () => {
    render(
      <RefusedForm
        refusal={badRequest('isKid: isKid must be true or false', [
          { path: 'isKid', message: 'isKid must be true or false' },
        ])}
      />,
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^isKid must be true or false$/);
  });

  it("shows the answer's message when there are no details, else the fallback, else the network line", async () => {
    const { unmount } = render(
      <RefusedForm refusal={{ status: 409, data: { message: 'User already exists' } }} />,
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^User already exists$/);
    unmount();

    const second = render(
      <RefusedForm
        refusal={{ status: 500, data: {} }}
        options={{ fallback: 'An error occurred' }}
      />,
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
    second.unmount();

    render(
      <RefusedForm refusal={{ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }} />,
    );
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error: the shop could not be reached. Please try again.',
    );
  });
});
