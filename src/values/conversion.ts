import { ConversionStrategy } from '../model/enums';

export { ConversionStrategy } from '../model/enums';

/**
 * Options of a conversion webhook.
 */
export interface WebhookConversionOptions {
  /**
   * Where the webhook listens: `https://host:port/path`, with no user info, query or fragment.
   */
  readonly url: string;

  /**
   * The PEM-encoded CA bundle that signs the webhook's serving certificate.
   * Given as PEM text; the manifest carries it base64-encoded, as the server expects.
   *
   * @default - the API server's system trust roots
   */
  readonly caBundle?: string;

  /**
   * `ConversionReview` versions the webhook understands, in order of preference.
   *
   * @default ['v1']
   */
  readonly conversionReviewVersions?: string[];
}

/**
 * The `spec.conversion` of a BoundSchema.
 */
export class Conversion {
  /**
   * No conversion beyond `apiVersion`.
   */
  public static none(): Conversion {
    return new Conversion({ strategy: ConversionStrategy.NONE });
  }

  /**
   * Conversion by an external webhook.
   */
  public static webhook(options: WebhookConversionOptions): Conversion {
    const clientConfig: { [key: string]: any } = { url: options.url };
    if (options.caBundle !== undefined) clientConfig.caBundle = encodeCaBundle(options.caBundle);
    return new Conversion({
      strategy: ConversionStrategy.WEBHOOK,
      webhook: {
        clientConfig,
        conversionReviewVersions: [...(options.conversionReviewVersions ?? ['v1'])],
      },
    });
  }

  private constructor(private readonly manifest: { [key: string]: any }) {}

  /**
   * The strategy.
   */
  public get strategy(): ConversionStrategy {
    return this.manifest.strategy;
  }

  /**
   * The manifest form of this conversion.
   */
  public toJson(): any {
    return JSON.parse(JSON.stringify(this.manifest));
  }
}

/**
 * PEM text is base64-encoded; a value that already is base64 of PEM text is
 * kept, so configuration copied from a live object works unchanged.
 */
function encodeCaBundle(value: string): string {
  if (value.includes('-----BEGIN')) return Buffer.from(value, 'utf8').toString('base64');
  return value;
}
