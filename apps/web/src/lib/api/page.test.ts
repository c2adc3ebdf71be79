import { describe, expect, it } from 'vitest';
import { pageOf } from './page';
import { onSuccess } from './tags';

const metaWith = (headers: Record<string, string>) => ({
  request: new Request('http://shop.test/api/users'),
  response: new Response('[]', { headers }),
});

describe('pageOf', () => {
  it('names the rows and reads the total from X-Total-Count', () => {
    expect(pageOf('users', ['a', 'b'], metaWith({ 'X-Total-Count': '41' }))).toEqual({
      users: ['a', 'b'],
      total: 41,
    });
  });

  it('counts the rows when the header is missing or not a count', () => {
    expect(pageOf('orders', [1, 2, 3], metaWith({})).total).toBe(3);
    expect(pageOf('orders', [1], metaWith({ 'X-Total-Count': 'many' })).total).toBe(1);
    expect(pageOf('orders', [1], metaWith({ 'X-Total-Count': '-4' })).total).toBe(1);
    expect(pageOf('courses', [], undefined).total).toBe(0);
  });
});

describe('onSuccess', () => {
  const tags = onSuccess((id: string) => [{ type: 'Course' as const, id }]);

  it('invalidates the tags after a write the server accepted', () => {
    expect(tags({ message: 'Course removed' }, undefined, 'c1')).toEqual([
      { type: 'Course', id: 'c1' },
    ]);
  });

  it('invalidates nothing after a refusal, so nothing typed is refetched away', () => {
    expect(tags(undefined, { status: 400, data: { message: 'Name is required' } }, 'c1')).toEqual(
      [],
    );
  });
});
