import {
  FIGURES_IN_BASE_FEE,
  formatMoney,
  quoteShipOut,
  SHIPPING_ZONES,
  shipOutFeeText,
  shippingZoneOf,
} from './shipping-fees';

describe('the ship-out fee table', () => {
  it('states the fees the shipping page promises: US $5.99, rest of world $19.99', () => {
    expect(quoteShipOut('US', 1).fee).toEqual({ amountMinor: 599, currency: 'USD' });
    expect(quoteShipOut('JP', 1).fee).toEqual({ amountMinor: 1999, currency: 'USD' });
    expect(
      SHIPPING_ZONES.map((zone) => [zone.label, formatMoney(zone.fee), formatMoney(zone.extraFigureFee)]),
    ).toEqual([
      ['United States', '$5.99', '$0.50'],
      ['Canada and Mexico', '$12.99', '$1.00'],
      ['United Kingdom and EU', '$14.99', '$1.00'],
      ['Rest of world', '$19.99', '$1.50'],
    ]);
  });

  it('finds the zone of a country code whatever its case and spacing; unknown codes are the rest of the world', () => {
    expect(shippingZoneOf(' us ').id).toBe('us');
    expect(shippingZoneOf('mx').id).toBe('ca_mx');
    expect(shippingZoneOf('GB').id).toBe('gb_eu');
    expect(shippingZoneOf('DE').id).toBe('gb_eu');
    expect(shippingZoneOf('CH').id).toBe('world');
    expect(shippingZoneOf('ZZ').id).toBe('world');
  });

  it('lists each country in one zone at most', () => {
    const codes = SHIPPING_ZONES.flatMap((zone) => zone.countries);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('covers up to six figures with the base fee and adds each extra figure', () => {
    expect(quoteShipOut('US', FIGURES_IN_BASE_FEE).fee.amountMinor).toBe(599);
    expect(quoteShipOut('US', FIGURES_IN_BASE_FEE + 1).fee.amountMinor).toBe(649);
    expect(quoteShipOut('FR', 10).fee.amountMinor).toBe(1499 + 4 * 100);
    expect(() => quoteShipOut('US', 0)).toThrow(RangeError);
    expect(() => quoteShipOut('US', 1.5)).toThrow(RangeError);
  });

  it('words the table as text for search', () => {
    expect(shipOutFeeText()).toContain(
      'United States: $5.99 up to 6 figures, $0.50 each extra figure, 3-6 working days.',
    );
    expect(shipOutFeeText()).toContain(
      'Rest of world: $19.99 up to 6 figures, $1.50 each extra figure, 8-20 working days.',
    );
  });
});
