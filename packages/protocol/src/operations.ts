/** What a server tells about itself to operators and tools (`GET /version`). */
import { z } from 'zod';

export const serverVersionSchema = z
  .object({
    version: z.string().meta({ description: "The server package's version (package.json)" }),
    protocol: z
      .string()
      .meta({ description: 'The protocol it speaks: PROTOCOL_VERSION.PROTOCOL_MINOR, e.g. `2.1`' }),
    commit: z
      .string()
      .optional()
      .meta({ description: 'The commit it was built from (GIT_COMMIT), when the build said' }),
    node: z.string().meta({ description: 'The Node.js version running it' }),
  })
  .meta({ description: 'Which server this is: its version, protocol, commit and Node.js.' });

export type ServerVersion = z.infer<typeof serverVersionSchema>;
