import { useId, type ReactNode } from 'react';
import './admin-list.css';

interface Props {
  caption: string;
  /** The header cells (th scope="col"). */
  head: ReactNode;
  children: ReactNode;
}

/**
 * An admin table in a labelled scroll container. In a narrow box (a phone, a dashboard panel)
 * each row stacks as a card; row actions wrap; a table still wider than its box scrolls
 * sideways inside it, and the container is focusable so the keyboard can scroll it too
 * (admin-list.css).
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
