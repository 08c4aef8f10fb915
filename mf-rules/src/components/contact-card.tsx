import type { ReactNode } from 'react';
import { runtimeConfig } from '@arttoy/shared/config';

/** The contact phone and e-mail, from the runtime config (set per deployment, never built in). */
export function ContactCard(): ReactNode {
  const { phone, email } = runtimeConfig().contact;
  return (
    <section className="rules-contact" aria-labelledby="rules-contact-heading">
      <h2 id="rules-contact-heading">Contact us</h2>
      <dl>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</a>
          </dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
