import { ApiObject, ApiObjectMetadata, IAnyProducer, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { withoutNamespace } from './cluster-scoped-object';
import { KeyRenamer, restoreKeys } from './data-keys';
import { L1Class, l1ClassOf } from './l1-kinds';

/** The one `KeyRenamer` of the library: renaming runs to its end before anything reads it again. */
const KEYS = new KeyRenamer();

/** What the rendering of an object reads of its spec's: whether the last rendering renamed a key. */
interface RenamingRecord {
  renamedKeys: boolean;
}

/**
 * A construct's spec, as cdk8s renders it: the `Lazy` producer of the L1
 * object's `spec`, with the keys cdk8s mishandles renamed (see data-keys.ts).
 * It holds the construct and a function of it, not a closure per object.
 */
export class SpecRendering<T> implements IAnyProducer, RenamingRecord {
  /** Whether the last rendering renamed a key. */
  public renamedKeys = false;

  public constructor(
    private readonly owner: T,
    private readonly renderOf: (owner: T) => { [key: string]: any },
  ) {}

  public produce(): unknown {
    const renamed = KEYS.rename(this.renderOf(this.owner));
    this.renamedKeys = KEYS.renamedAny;
    return renamed;
  }
}

/** What the L1 child of a construct is: its kind, where it is served, its metadata and its spec. */
export interface KubeBindObjectProps<T> {
  readonly kind: string;
  readonly version: string;
  /** `group/version`: the construct's group, which need not be the L1's `kube-bind.io`. */
  readonly apiVersion: string;
  /** Whether `kind` is one of kube-bind's, served under the construct's kube-bind group (and so has an L1 class). */
  readonly kubeBindKind: boolean;
  readonly metadata?: ApiObjectMetadata;
  readonly spec: SpecRendering<T>;
  readonly clusterScoped: boolean;
}

/**
 * The L1 child `'Resource'` of a construct: an instance of the kind's typed
 * L1 class (`l1.ApiServiceExport` for an `ApiServiceExport`), as cdk8s-plus'
 * constructs make theirs, whose `spec` is a `Lazy` of the construct's
 * `renderSpec`. A kind without an L1 class (a user's subclass of another
 * group) gets a plain ApiObject, rendered the same way.
 */
export function newKubeBindObject<T>(scope: Construct, props: KubeBindObjectProps<T>): ApiObject {
  const l1 = props.kubeBindKind ? l1ClassOf(props.kind, props.version) : undefined;
  const rendered = renderedClassOf(l1 ?? ApiObject);
  return new rendered(scope, 'Resource', {
    // Given after the L1 class's GVK (the generated constructor spreads the props over it; scripts/import-l1.ts checks
    // that it still does), so a construct of another kube-bind group renders its own group.
    apiVersion: props.apiVersion,
    kind: props.kind,
    metadata: props.metadata,
    spec: Lazy.any(props.spec),
  }, props.spec, props.clusterScoped);
}

/** A class of the L1 child: the L1 class, with what cdk8s renders finished as the library's objects need. */
type RenderedClass = new (scope: Construct, id: string, props: any, spec: RenamingRecord, clusterScoped: boolean) => ApiObject;

/** The rendered class of each L1 class (and of ApiObject), made once. */
const RENDERED = new Map<L1Class, RenderedClass>();

function renderedClassOf(l1: L1Class): RenderedClass {
  let rendered = RENDERED.get(l1);
  if (rendered === undefined) RENDERED.set(l1, rendered = renderedClass(l1));
  return rendered;
}

/**
 * `l1` rendered by cdk8s, tokens and every JSON patch included, with only
 * this on top: the keys cdk8s mishandles given back (see data-keys.ts), and
 * a cluster-scoped object kept out of the chart's namespace. A subclass, so
 * that the child stays an instance of its L1 class.
 */
function renderedClass(l1: L1Class): RenderedClass {
  return class KubeBindObject extends l1 {
    public constructor(
      scope: Construct, id: string, props: any,
      private readonly spec: RenamingRecord,
      private readonly clusterScoped: boolean,
    ) {
      super(scope, id, props);
    }

    public override toJson(): any {
      this.spec.renamedKeys = false;
      const json = super.toJson();
      if (this.spec.renamedKeys && json.spec !== undefined) json.spec = restoreKeys(json.spec);
      return this.clusterScoped ? withoutNamespace(json) : json;
    }
  };
}
