import { Link } from 'react-router';
import {
  COUNTRY_NAMES,
  formatDeliveryDays,
  formatMoney,
  isCountryCode,
  quoteShipOut,
} from '@arttoy/shared/contracts/api';

const FEES_PAGE = '/rules/shipping_and_refund';

/**
 * The fee for these figures to the country chosen, from the table the shipping page shows
 * (shared/contracts): said before the visitor sends the request, and again as the country changes.
 */
export function ShipOutQuote({ country, figures }: { country: string; figures: number }) {
  const code = country.trim().toUpperCase();
  const quote = isCountryCode(code) ? { ...quoteShipOut(code, figures), name: COUNTRY_NAMES[code] } : null;
  return (
    <div className="locker-quote">
      <p aria-live="polite" data-testid="ship-out-quote">
        {quote ? (
          <>
            Shipping fee to {quote.name} ({quote.zone.label}): <strong>{formatMoney(quote.fee)}</strong> for{' '}
            {figures} figure{figures === 1 ? '' : 's'}, typically{' '}
            {formatDeliveryDays(quote.zone.deliveryDays)}.
          </>
        ) : (
          'Choose the country to see the shipping fee.'
        )}
      </p>
      <Link to={FEES_PAGE}>Fees by destination</Link>
    </div>
  );
}
