// RoundTrip decodes each capture line with a generated Java class and
// Jackson, encodes it again and compares the members. Input lines are
// "TypeName<TAB>json"; classes.tsv (written by check.mjs) maps each
// TypeName to a class and, for quicktype's code, the Converter that
// configures its own ObjectMapper. jsonschema2pojo's classes are read with
// a plain new ObjectMapper(), as its README shows. The last line printed
// is the report check.mjs reads:
// {"compiled":true,"ok":N,"failed":[[i,msg]...],"lost":[[i,[paths]]...],"added":N}
// (Copied beside the generated code by check.mjs.)
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

public class RoundTrip {
    interface Codec { String apply(String json) throws Exception; }

    static void paths(JsonNode v, String at, Set<String> out) {
        if (v.isArray()) {
            for (int i = 0; i < v.size(); i++) paths(v.get(i), at + "/" + i, out);
        } else if (v.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                out.add(at + "/" + e.getKey());
                paths(e.getValue(), at + "/" + e.getKey(), out);
            }
        }
    }

    public static void main(String[] args) throws Exception {
        ObjectMapper plain = new ObjectMapper();
        Map<String, Codec> codecs = new HashMap<>();
        for (String row : Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8)) {
            if (row.isBlank()) continue;
            String[] f = row.split("\t");
            Class<?> cls = Class.forName(f[1]);
            if (f.length > 2) {
                // quicktype: Converter.<Name>FromJsonString / <Name>ToJsonString
                Class<?> conv = Class.forName(f[2]);
                Method from = conv.getMethod(f[3] + "FromJsonString", String.class);
                Method to = conv.getMethod(f[3] + "ToJsonString", cls);
                codecs.put(f[0], s -> (String) to.invoke(null, from.invoke(null, s)));
            } else {
                codecs.put(f[0], s -> plain.writeValueAsString(plain.readValue(s, cls)));
            }
        }
        JsonNodeFactory nf = JsonNodeFactory.instance;
        ObjectNode rep = nf.objectNode();
        ArrayNode failed = nf.arrayNode(), lost = nf.arrayNode();
        int ok = 0, added = 0, i = 0;
        for (String row : Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
            if (row.isEmpty()) continue;
            int tab = row.indexOf('\t');
            String name = row.substring(0, tab), line = row.substring(tab + 1);
            Codec c = codecs.get(name);
            String again;
            try {
                if (c == null) throw new Exception("no type " + name);
                again = c.apply(line);
            } catch (Throwable e) {
                Throwable cause = e instanceof java.lang.reflect.InvocationTargetException && e.getCause() != null ? e.getCause() : e;
                failed.add(nf.arrayNode().add(i).add(String.valueOf(cause).split("\n")[0]));
                i++;
                continue;
            }
            Set<String> before = new TreeSet<>(), after = new TreeSet<>();
            paths(plain.readTree(line), "", before);
            paths(plain.readTree(again), "", after);
            List<String> gone = new ArrayList<>();
            for (String p : before) if (!after.contains(p)) gone.add(p);
            for (String p : after) if (!before.contains(p)) added++;
            if (gone.isEmpty()) ok++;
            else {
                ArrayNode ps = nf.arrayNode();
                gone.forEach(ps::add);
                lost.add(nf.arrayNode().add(i).add(ps));
            }
            i++;
        }
        rep.put("compiled", true).put("ok", ok);
        rep.set("failed", failed);
        rep.set("lost", lost);
        rep.put("added", added);
        System.out.println(plain.writeValueAsString(rep));
    }
}
