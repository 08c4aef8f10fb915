import { Link } from 'react-router';
import { formatDate, formatDateTime, formatPrice } from '@arttoy/shared/contracts';
import { isApiError } from '@arttoy/shared/http';

/** Where the visitor sets their limits, takes a break and confirms their date of birth. */
export const LIMITS_PATH = '/profile#limits';

const PERIOD_WORDS = { day: 'today', week: 'this week', month: 'this month' } as const;

/** The refusals of a box order by the account's own rules (age, break, limits), in the buyer's words. */
export const isChanceRefusal = (error: unknown) =>
  isApiError(error, 'age_unconfirmed', 'under_age', 'on_break', 'spending_limit', 'spending_limit_currency');

function explainRefusal(error: Error): { title: string; text: string; link: string } {
  if (isApiError(error, 'age_unconfirmed'))
    return {
      title: 'Please confirm your age first.',
      text: `Mystery boxes are a game of chance, sold from the age of ${error.details.minAge}. Confirm your date of birth once; we keep only the month and year.`,
      link: 'Confirm your date of birth',
    };
  if (isApiError(error, 'under_age'))
    return {
      title: 'Mystery boxes are not for you yet.',
      text: `They are sold from the age of ${error.details.minAge}. You can buy them from ${formatDate(error.details.ofAgeFrom)}. The market and your locker are open to you.`,
      link: 'See your account',
    };
  if (isApiError(error, 'on_break'))
    return {
      title: 'You are taking a break.',
      text: `You chose a break from mystery boxes until ${formatDateTime(error.details.breakUntil)}. It cannot be ended early. The market and your locker stay open.`,
      link: 'See your break',
    };
  if (isApiError(error, 'spending_limit')) {
    const { period, leftMinor, limitMinor, priceMinor, currency, resetsAt } = error.details;
    const money = (amountMinor: number) => formatPrice({ amountMinor, currency });
    return {
      title: `This box would go over your limit for ${PERIOD_WORDS[period]}.`,
      text: `Your limit is ${money(limitMinor)}; ${money(leftMinor)} is left and this box costs ${money(priceMinor)}. Your limit starts again on ${formatDateTime(resetsAt)}.`,
      link: 'See your limits',
    };
  }
  if (isApiError(error, 'spending_limit_currency'))
    return {
      title: 'Your limits are in another currency.',
      text: `Your limits are set in ${error.details.limitCurrency} and this box is priced in ${error.details.currency}.`,
      link: 'See your limits',
    };
  return { title: 'Your box could not be reserved.', text: error.message, link: 'See your limits' };
}

/** A box order refused by the account's own rules: what happened, and the way to the profile's section. */
export function ChanceRefusal({ error }: { error: Error }) {
  const { title, text, link } = explainRefusal(error);
  return (
    <div className="mb-notice mb-notice--error" role="alert">
      <p>
        <strong>{title}</strong> {text}
      </p>
      <div className="mb-actions">
        <Link className="ui-button ui-button--secondary" to={LIMITS_PATH}>
          {link}
        </Link>
      </div>
    </div>
  );
}
