import { Fragment, type ReactNode } from 'react';
import { SHIP_OUT_FEE_TABLE_PLACEHOLDER } from '@arttoy/shared/contracts/api';
import { ContentBody } from '@arttoy/shared/content';
import { useSiteNavigate } from '@arttoy/shared/federation/remote';
import { FeeTable } from './fee-table';

/** The paragraph the content build makes of a placeholder on a line of its own. */
const FEE_TABLE_PARAGRAPH = `<p>${SHIP_OUT_FEE_TABLE_PLACEHOLDER}</p>`;

/**
 * A document's body, with the ship-out fee table where the document says `{{fees.ship-out}}`:
 * the table comes from shared/contracts, the one the locker's form quotes, never from the text.
 */
export function DocumentBody({ html }: { html: string }): ReactNode {
  const navigate = useSiteNavigate();
  const parts = html.split(FEE_TABLE_PARAGRAPH);
  return parts.map((part, index) => (
    // The parts never move, so their place is their identity.
    <Fragment key={index}>
      {index > 0 ? <FeeTable /> : null}
      {part.trim() === '' ? null : <ContentBody html={part} onNavigate={navigate} />}
    </Fragment>
  ));
}
