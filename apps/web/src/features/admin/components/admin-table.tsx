import { useId, type ReactNode } from 'react';
import './admin-list.css';

interface Props {
  caption: string;
  /** The header cells (th scope="col"). */
  head: ReactNode;
  children: ReactNode;
}

/**
 * An admin table in a scroll container: on a phone the columns scroll sideways instead of
 * squeezing, and the container is focusable so the keyboard can scroll it too.
 */
export function AdminTable({ caption, head, children }: Props) {
  const captionId = useId();
  return (
    <div className="admin-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table__table">
        <caption id={captionId} className="admin-table__caption">
          {caption}
        </caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
