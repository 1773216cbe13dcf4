// Gen runs jsonschema2pojo (the library its command line and Maven plugin
// wrap; Maven Central has no command-line jar of it) as a user would, with
// its defaults but for the settings below, on each schema file given:
//
//     java Gen OUTDIR TARGET_VERSION FILE=PACKAGE...
//
// Each file's classes go to a package of their own, as a project that
// generated one variant at a time would have them. Settings: the title
// names the class (user line: UserLine), Java 17, integers as long (the
// schemas' integers have no bounds, and the CLI prints times in
// milliseconds since 1970, past an int), no JSR-303 or @Generated
// annotations (which need jars of their own). (Copied beside the generated code by check.mjs.)
import java.io.File;
import java.net.URL;
import java.util.Iterator;
import java.util.List;

import org.jsonschema2pojo.DefaultGenerationConfig;
import org.jsonschema2pojo.Jsonschema2Pojo;
import org.jsonschema2pojo.NoopRuleLogger;

public class Gen {
    public static void main(String[] args) throws Exception {
        File out = new File(args[0]);
        String target = args[1];
        for (int i = 2; i < args.length; i++) {
            String[] fp = args[i].split("=", 2);
            URL src = new File(fp[0]).toURI().toURL();
            String pkg = fp[1];
            Jsonschema2Pojo.generate(new DefaultGenerationConfig() {
                @Override public Iterator<URL> getSource() { return List.of(src).iterator(); }
                @Override public File getTargetDirectory() { return out; }
                @Override public String getTargetPackage() { return pkg; }
                @Override public boolean isUseTitleAsClassname() { return true; }
                @Override public String getTargetVersion() { return target; }
                @Override public boolean isUseLongIntegers() { return true; }
                @Override public boolean isIncludeJsr303Annotations() { return false; }
                @Override public boolean isIncludeGeneratedAnnotation() { return false; }
            }, new NoopRuleLogger());
        }
    }
}
