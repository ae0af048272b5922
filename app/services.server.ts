/**
 * The context keys through which the Node server hands the form services and the
 * request's facts to route actions (their types: common/form-services.ts). Created
 * here, inside the bundle, and exported by entry.server.tsx, so the server uses these
 * very objects.
 */
import { createContext } from "react-router";
import type { FormContexts, FormServices, RequestFacts } from "../common/form-services.ts";

export const servicesContext: FormContexts["servicesContext"] = createContext<FormServices>();
export const requestContext: FormContexts["requestContext"] = createContext<RequestFacts>();

export type { FormServices, RequestFacts };
