import { createContext } from 'react';
import type { Navigator } from '@arttoy/shared/contracts';

/** The shell router's navigator, handed to every remote. */
export const ShellNavigatorContext = createContext<Navigator | null>(null);
