/** The delivery address the API tests ship to. */
export const testAddress = {
  name: 'Alice Liddell',
  line1: '1 Rabbit Hole Lane',
  city: 'Oxford',
  postalCode: 'OX1 1AA',
  country: 'GB',
  phone: '+44 1865 000000',
};

/** A short address without a phone, for rows written straight into the database. */
export const plainAddress = {
  name: 'Alice',
  line1: '1 Main St',
  city: 'Springfield',
  postalCode: '12345',
  country: 'US',
};
