import { Link } from 'react-router';
import { formatDateTime } from '@arttoy/shared/contracts';
import { usePageQuery } from '@arttoy/shared/query';
import { chanceControlsRead } from '../api/account';
import { LIMITS_PATH } from './chance-refusal';

/**
 * After REMINDER_AFTER_BOXES boxes in one session (box orders no more than 30 minutes apart, as the
 * API counts them), a plain reminder of how many and since when, with the way to the limits. Nothing
 * while reminders are off, signed out, or while the count loads or fails: it is a reminder, not a gate.
 */
export function SessionReminder({ uid }: { uid: string | null }) {
  const controls = usePageQuery(uid === null ? null : chanceControlsRead(uid));
  if (controls.status !== 'success') return null;
  const { afterBoxes, sessionBoxes, sessionStartedAt } = controls.data.reminder;
  if (afterBoxes === null || sessionBoxes < afterBoxes || sessionStartedAt === null) return null;
  return (
    <div className="mb-notice" role="status" data-testid="session-reminder">
      <p>
        <strong>A moment to pause.</strong> You have ordered {sessionBoxes}{' '}
        {sessionBoxes === 1 ? 'box' : 'boxes'} since {formatDateTime(sessionStartedAt)}. Each box is a chance:
        you may not get the figure you hope for.
      </p>
      <Link to={LIMITS_PATH}>Set a spending limit or take a break</Link>
    </div>
  );
}
